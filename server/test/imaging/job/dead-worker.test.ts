import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseStatus } from '@cardiomap/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryOn } from '../../../src/db/query.ts';
import { createJobQueue, type JobMessage, type JobQueue } from '../../../src/jobs/job-queue.ts';
import * as jobRuns from '../../../src/jobs/runs-repository.ts';
import { hostTag } from '../../../src/jobs/work-folder.ts';
import { removeAbandonedWorkFolders, startWorkers, sweepJobs } from '../../../src/jobs/workers.ts';
import { insertJob } from '../../../src/modules/jobs/index.ts';

const { STALE_RUN_SECONDS } = jobRuns;

import { insertCase } from '../../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertLostUpload } from '../api/imaging-fixtures.ts';

const quiet = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** The pid of a process that has ended (as a worker killed with SIGKILL leaves it). */
const deadPid = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('exit', () => resolve(child.pid ?? 0));
  });

/** Issue 22 (Low): what a killed worker leaves behind is cleaned up by the next one, soon. */
describe('after a worker dies', () => {
  let t: TestApp;
  const query = () => queryOn(t.database.db);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function queuedJob(): Promise<string> {
    const c = await insertCase(t, { status: CaseStatus.SUBMITTED });
    const inputDataId = await insertLostUpload(t, c.id);
    const job = await insertJob(query(), {
      caseId: c.id,
      inputDataId,
      jobType: 'ingest',
      params: {},
      createdById: null,
    });
    return job.id;
  }
  async function runningJob(): Promise<{ jobId: string; leaseId: string }> {
    const jobId = await queuedJob();
    const leaseId = randomUUID();
    expect(await jobRuns.claimRun(query(), jobId, leaseId)).toBeTruthy();
    return { jobId, leaseId };
  }

  it('the next worker start removes the folder of a killed run at once, and leaves live runs’ folders', async () => {
    const tempDir = await mkdtemp(join(tmpdir(), 'cm-dead-worker-'));
    const host = hostTag();
    const dead = await deadPid();
    // Killed a moment ago: its job still looks running (fresh heartbeat), but its process is gone.
    const killed = await runningJob();
    // A live run of this process, and the folder of the earlier run of the same job that it took over.
    const live = await runningJob();
    // A run on another machine sharing the folder: its pid means nothing here, its lease is live.
    const remote = await runningJob();
    const ended = await queuedJob();
    const folders = {
      killed: `job-${killed.jobId}-${killed.leaseId}-${host}-${dead}-a1`,
      live: `job-${live.jobId}-${live.leaseId}-${host}-${process.pid}-b2`,
      takenOver: `job-${live.jobId}-${randomUUID()}-${host}-${process.ppid}-c3`,
      remote: `job-${remote.jobId}-${remote.leaseId}-ffffffff-${dead}-d4`,
      oldStyle: `job-${ended}-e5`,
    };
    for (const name of Object.values(folders)) await mkdir(join(tempDir, name));

    expect(await removeAbandonedWorkFolders(query(), tempDir, quiet)).toBe(3);
    expect((await readdir(tempDir)).sort()).toEqual([folders.live, folders.remote].sort());
    await rm(tempDir, { recursive: true, force: true });
  });

  it('fails over the pg-boss delivery of a dead worker and resumes its job with another', async () => {
    const queue = createJobQueue(t.database, () => undefined);
    const jobId = await queuedJob();
    const deliveries: JobMessage[] = [];
    let release: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first delivery claims the job, then its worker "dies": no heartbeat, the handler never returns.
    await queue.work(
      'imaging',
      async (message) => {
        deliveries.push(message);
        const claimed = await jobRuns.claimRun(query(), message.jobId, randomUUID());
        if (deliveries.length === 1) await hung;
        else expect(claimed).toBeTruthy();
      },
      { concurrency: 2 },
    );
    try {
      await queue.send('imaging', { jobId });
      const states = async () =>
        (
          await t.database.query<{ state: string }>(
            `SELECT state FROM pgboss.job WHERE name = 'imaging' AND data->>'jobId' = $1 ORDER BY created_on`,
            [jobId],
          )
        ).map((r) => r.state);
      await vi.waitFor(async () => expect(await states()).toEqual(['active']), { timeout: 10_000 });

      // While the run is alive (fresh heartbeat) nothing is failed over.
      await sweepJobs(query(), { queue, log: quiet }, 120);
      expect(await states()).toEqual(['active']);

      // The worker died STALE_RUN_SECONDS ago: the sweep (every 30 s) fails its delivery and sends the job again.
      await t.database.query(`UPDATE jobs SET heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1`, [
        jobId,
        STALE_RUN_SECONDS + 1,
      ]);
      await t.database.query(
        `UPDATE pgboss.job SET started_on = now() - make_interval(secs => $2) WHERE data->>'jobId' = $1`,
        [jobId, STALE_RUN_SECONDS + 1],
      );
      await sweepJobs(query(), { queue, log: quiet }, 120);
      expect((await states())[0]).toBe('failed');
      await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 10_000 });
      const [row] = await t.database.query<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = $1', [jobId]);
      expect(row?.attempts).toBe(2);
    } finally {
      release();
      await queue.stop();
    }
  });
  it('a fresh start leaves the job its own consumer claimed at once alone (issue 27: it was requeued)', async () => {
    const jobId = await queuedJob();
    const leaseId = randomUUID();
    const tempDir = await mkdtemp(join(tmpdir(), 'cm-fresh-start-'));
    // A queue whose consumer claims the queued job the moment it starts, as pg-boss may on a fresh start.
    const queue = {
      work: async () => {
        await jobRuns.claimRun(query(), jobId, leaseId);
      },
      send: async () => undefined,
      fail: async () => undefined,
    } as unknown as JobQueue;
    const stop = await startWorkers({
      database: t.database,
      storage: t.app.storage,
      queue,
      log: quiet,
      tempDir,
      webAppUrl: 'http://localhost:8080',
    });
    await stop();
    const [job] = await t.database.query<{ status: number; lease_id: string | null; log: unknown[] }>(
      'SELECT status, lease_id, log FROM jobs WHERE id = $1',
      [jobId],
    );
    expect(job?.lease_id).toBe(leaseId);
    expect(JSON.stringify(job?.log)).not.toContain('Interrupted');
    await rm(tempDir, { recursive: true, force: true });
  });
});
