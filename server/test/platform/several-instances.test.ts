import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseStatus, JobStatus, StudyResourceType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { seedReferenceData } from '../../src/db/seed/reference.ts';
import { createTaviCaseOverHttp } from '../helpers/http-case.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { HAS_SHARED_DICOM, SERIES_DIR } from '../imaging/dicom/shared-dicom.ts';
import { scratch } from '../imaging/ingest/ingest-fixtures.ts';

const SERVER_ROOT = new URL('../../', import.meta.url).pathname;
const PASSWORD = 'several-instances-password-2026';
const s3 = process.env.TEST_S3_ENDPOINT;
const onPostgres = process.env.CM_TEST_DB === 'postgres';

if (!onPostgres) console.info('several instances: PostgreSQL project only (a PGlite database belongs to one process).');
else if (!s3) console.info('several instances skipped: TEST_S3_ENDPOINT is not set (scripts/s3-test-server.sh --env).');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Issue 22 §2, as deployed at scale: two API instances (RUN_WORKERS=false) and workers (`npm run
 * worker`) on one PostgreSQL and one S3 store. The upload goes through one API, the viewing through the
 * other; the worker holding the ingest is killed with SIGKILL and the other worker takes the job over
 * once its heartbeat is stale (jobs/workers.ts: stale after 30 s, swept every 30 s).
 */
describe.skipIf(!onPostgres || !s3 || !HAS_SHARED_DICOM)('several instances on one database and store', () => {
  let database: Database;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let env: Record<string, string | undefined>;

  /** npm and the node it starts share a process group (detached), so a kill reaches the server itself. */
  const launch = (script: 'start' | 'worker', extra: Record<string, string>) => {
    const child = spawn('npm', ['run', script], {
      cwd: SERVER_ROOT,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, ...extra },
    });
    children.push(child);
    return child;
  };
  const kill = (child: ChildProcess) => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone already (npm exits once its server is killed).
    }
  };
  const ownDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cm-instances-'));
    dirs.push(dir);
    return dir;
  };

  const startApi = async () => {
    const port = await freePort();
    const child = launch('start', { PORT: String(port), RUN_WORKERS: 'false', DATA_DIR: await ownDir() });
    const url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
      const ready = await fetch(`${url}/api/health/ready/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return url;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('API did not start');
  };
  const startWorker = async () => {
    const dataDir = await ownDir();
    return { child: launch('worker', { DATA_DIR: dataDir }), jobs: join(dataDir, 'jobs') };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await seedDemo(database.db, { password: PASSWORD });
    env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      STORAGE_URL: `s3://${process.env.TEST_S3_BUCKET ?? 'cardiomap-test'}/instances-${randomUUID()}`,
      S3_ENDPOINT: s3,
      S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY,
      SEED_DEMO: 'false',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://127.0.0.1:1',
      WEB_DIST: join(tmpdir(), 'cm-no-web'),
    };
    // The suite's own settings must not reach the children (each has its DATA_DIR and so its job folder).
    delete env.TEST_DATABASE_URL;
    delete env.JOB_TEMP_DIR;
  }, 60_000);
  afterAll(async () => {
    for (const child of children) kill(child);
    await database?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('uploads through one API, views through the other, and a killed worker’s job is taken over', async () => {
    const [apiA, apiB, first, second] = await Promise.all([startApi(), startApi(), startWorker(), startWorker()]);
    const workers = [first, second];
    const session = async (url: string, email: string) => {
      const res = await fetch(`${url}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const token = ((await res.json()) as { access: string }).access;
      return async (method: string, path: string, body?: unknown) => {
        const answer = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
      };
    };
    const physicianA = await session(apiA, 'physician@cardiomap.test');
    const caseId = await createTaviCaseOverHttp(physicianA, 'INSTANCES-1');

    // A real CT series (134 slices), stored uncompressed in the zip so that making it is quick.
    const work = await scratch();
    const names = (await readdir(SERIES_DIR)).filter((n) => n.endsWith('.dcm'));
    const files = await Promise.all(
      names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(join(SERIES_DIR, name))) })),
    );
    const zipPath = await work.zip(files, false);
    const input = await physicianA('POST', '/api/input-data/', { caseId, filename: 'ct.zip' });
    expect(input.status).toBe(201);
    const writeUrl = input.json.writeUrl as string;
    expect(writeUrl.startsWith(s3 ?? '')).toBe(true);
    const put = await fetch(writeUrl, {
      method: 'PUT',
      body: await readFile(zipPath),
      headers: { 'content-type': 'application/zip' },
    });
    await work.cleanup();
    expect(put.status).toBe(200);
    expect((await physicianA('GET', `/api/input-data/${input.json.id}/confirm-upload/`)).status).toBe(200);

    // Whichever worker claimed the ingest has its folder; it is killed mid-job.
    const ingest = async () =>
      (
        await database.query<{ id: string; status: number; attempts: number }>(
          `SELECT j.id, j.status, j.attempts FROM jobs j JOIN job_types t ON t.id = j.job_type_id
            WHERE j.case_id = $1 AND t.name = 'ingest'`,
          [caseId],
        )
      )[0];
    const holder = async () => {
      const job = await ingest();
      if (job?.status !== JobStatus.RUNNING) return undefined;
      for (const w of workers) {
        const names = await readdir(w.jobs).catch(() => [] as string[]);
        if (names.some((n) => n.startsWith(`job-${job.id}-`))) return w;
      }
      return undefined;
    };
    const claimedBy = Date.now() + 60_000;
    let killed: (typeof workers)[number] | undefined;
    while (!killed && Date.now() < claimedBy) {
      killed = await holder();
      if (!killed) await new Promise((r) => setTimeout(r, 25));
    }
    expect(killed, 'a worker ran the ingest').toBeDefined();
    if (!killed) return;
    kill(killed.child);
    const gone = killed.child.exitCode !== null || killed.child.signalCode !== null;
    await new Promise((r) => (gone ? r(null) : killed.child.once('exit', r)));
    expect((await ingest())?.status).toBe(JobStatus.RUNNING); // killed mid-job, not after it

    // The other worker takes it over once the dead run's heartbeat is stale, and completes it.
    const survivor = workers.find((w) => w !== killed);
    // Said now rather than after minutes of waiting: a worker that failed to start cannot take anything over.
    expect(survivor?.child.exitCode, 'the other worker is running').toBeNull();
    // About a minute on a quiet machine (STALE_RUN_SECONDS, then a sweep); under the full suite on two
    // cores the survivor may first finish other queued work, so allow several minutes before failing.
    const done = Date.now() + 270_000;
    while ((await ingest())?.status !== JobStatus.COMPLETED && Date.now() < done) {
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(await ingest()).toMatchObject({ status: JobStatus.COMPLETED, attempts: 2 });
    expect(survivor?.child.exitCode).toBeNull();

    // Viewed through the other API instance: the case moved on and the volume reads from the store.
    const analystB = await session(apiB, 'case-analyst@cardiomap.test');
    const c = (await analystB('GET', `/api/cases/${caseId}/`)).json as { status: number; studyId: string };
    expect(c.status).toBe(CaseStatus.IN_PROGRESS);
    const studies = (await analystB('GET', `/api/studies/?case_id=${caseId}`)).json as { count: number };
    expect(studies.count).toBe(1);
    const resources = (await analystB('GET', `/api/study-resources/?study_id=${c.studyId}`)).json.results as {
      id: string;
      type: number;
      size: number;
    }[];
    const volume = resources.find((r) => r.type === StudyResourceType.DICOM_VOLUME);
    expect(resources.filter((r) => r.type === StudyResourceType.DICOM_VOLUME)).toHaveLength(1);
    const signed = (await analystB('GET', `/api/study-resources/${volume?.id}/`)).json as { readUrl: string };
    const bytes = await fetch(signed.readUrl).then((r) => r.arrayBuffer());
    expect(bytes.byteLength).toBe(volume?.size);
  }, 420_000);
});
