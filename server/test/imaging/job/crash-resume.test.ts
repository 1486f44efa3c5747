import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseStatus, JobStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { createTaviCaseOverHttp } from '../../helpers/http-case.ts';
import { scratch } from '../ingest/ingest-fixtures.ts';

const SERVER_ROOT = new URL('../../../', import.meta.url).pathname;
const PASSWORD = 'crash-test-password-2026';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Architecture rule 6 the hard way: the real server (embedded PGlite, local storage, in-process worker)
 * is killed with SIGKILL in the middle of an ingest and started again on the same data; the job resumes
 * and completes, and the case ends with one study and one resource of each kind.
 */
// The child server runs on its own embedded database, so one run (the PGlite project) says it all.
describe.skipIf(process.env.CM_TEST_DB === 'postgres')('a worker killed mid-job', () => {
  let dataDir: string;
  let url: string;
  let server: ChildProcess | null = null;
  let token = '';
  const work = scratch();

  const start = async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: new URL(url).port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        JOB_TEMP_DIR: join(dataDir, 'jobs'),
        WEB_DIST: join(dataDir, 'no-web'),
      },
    });
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (
        await fetch(`${url}/api/health/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start');
  };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { results?: never[] } };
  };
  const signIn = async (email: string) => {
    const res = await fetch(`${url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    token = ((await res.json()) as { access: string }).access;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cm-crash-'));
    url = `http://127.0.0.1:${await freePort()}`;
    await start();
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await (await work).cleanup();
  });

  it('resumes after a restart and leaves no duplicate study or resource', async () => {
    await signIn('physician@cardiomap.test');
    const caseId = await createTaviCaseOverHttp(api, 'CRASH-1');

    // Big enough that the ingest is still running when it is killed.
    const zipPath = await (await work).zip(phantomSeries({ count: 300, rows: 256, columns: 256 }));
    const input = await api('POST', '/api/input-data/', { caseId, filename: 'ct.zip' });
    const put = await fetch(`${url}${input.json.writeUrl}`, { method: 'PUT', body: await readFile(zipPath) });
    expect(put.status).toBe(200);
    await api('GET', `/api/input-data/${input.json.id}/confirm-upload/`);

    await signIn('case-manager@cardiomap.test');
    type JobState = {
      id: string;
      status: number;
      attempts: number;
      log: { message: string }[];
      jobType: { name: string };
    };
    const jobStates = async () => ((await api('GET', `/api/jobs/?case_id=${caseId}`)).json.results ?? []) as JobState[];
    const jobState = async () => (await jobStates()).find((j) => j.jobType.name === 'ingest');
    const until = Date.now() + 60_000;
    // Only this case's job folders count: the demo seed's own ingests and surface jobs run beside it.
    const jobFolders = async () => {
      const ids = (await jobStates()).map((j) => `job-${j.id}-`);
      const names = await readdir(join(dataDir, 'jobs')).catch(() => [] as string[]);
      return names.filter((name) => ids.some((id) => name.startsWith(id)));
    };
    // Running, with its folder made (on a busy machine the folder can lag the claim by more than a poll).
    while ((await jobState())?.status !== JobStatus.RUNNING || (await jobFolders()).length === 0) {
      if (Date.now() > until) throw new Error('the job never ran');
      await new Promise((r) => setTimeout(r, 20));
    }
    const ingestId = (await jobState())?.id ?? '';
    server?.kill('SIGKILL');
    await new Promise((r) => server?.once('exit', r));
    const folders = await readdir(join(dataDir, 'jobs'));
    expect(folders.filter((name) => name.startsWith(`job-${ingestId}-`))).toHaveLength(1); // the dead run's folder

    await start();
    await signIn('case-manager@cardiomap.test');
    const done = Date.now() + 90_000;
    let c = (await api('GET', `/api/cases/${caseId}/`)).json;
    while (c.status === CaseStatus.SUBMITTED && Date.now() < done) {
      await new Promise((r) => setTimeout(r, 250));
      c = (await api('GET', `/api/cases/${caseId}/`)).json;
    }
    expect(c.status).toBe(CaseStatus.IN_PROGRESS);
    const job = await jobState();
    expect(job).toMatchObject({ status: JobStatus.COMPLETED, attempts: 2 });
    expect(job?.log.map((l) => l.message)).toContain('Interrupted: the worker stopped before the job ended. Resuming.');
    const studies = (await api('GET', `/api/studies/?case_id=${caseId}`)).json;
    expect(studies.count).toBe(1);
    const resources = (await api('GET', `/api/study-resources/?study_id=${c.studyId}`)).json.results as {
      type: number;
    }[];
    expect(resources.map((r) => r.type)).toEqual([1, 2]);
    // Once the follow-up surface job is done too, no job folder is left.
    const followed = Date.now() + 60_000;
    // A run's folder goes just after its job is marked completed: wait for both.
    const settled = async () =>
      (await jobStates()).every((j) => j.status === JobStatus.COMPLETED) && (await jobFolders()).length === 0;
    while (!(await settled()) && Date.now() < followed) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await jobFolders()).toEqual([]);
  }, 240_000);
});
