import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Query, queryOn } from '../db/query.ts';
import { jobRuns } from '../modules/jobs/index.ts';
import { analysisReportInputs } from '../modules/reports/index.ts';
import { removeExpiredUploads } from './expired-uploads.ts';
import { createIngestHandler } from './ingest/run-ingest.ts';
import { createJobRunner } from './job-runner.ts';
import { createReportHandler } from './report/run-report.ts';
import { createSurfaceHandler } from './surface/run-surface.ts';
import type { WorkerDeps } from './worker-deps.ts';

const WORK_FOLDER = /^job-([0-9a-f-]{36})-/;

/** Work folders a killed run left behind (a clean end removes its own); a live run's folder stays. */
async function removeAbandonedWorkFolders(query: Query, tempDir: string, log: FastifyBaseLogger): Promise<void> {
  const names = await readdir(tempDir).catch(() => [] as string[]);
  const folders = names.flatMap((name) => {
    const match = WORK_FOLDER.exec(name);
    return match?.[1] ? [{ name, jobId: match[1] }] : [];
  });
  const live = await jobRuns.liveRuns(
    query,
    folders.map((f) => f.jobId),
  );
  for (const folder of folders.filter((f) => !live.has(f.jobId))) {
    log.info({ folder: folder.name }, 'removing an abandoned job folder');
    await rm(join(tempDir, folder.name), { recursive: true, force: true });
  }
}

/** How often dead runs and lost messages are looked for. */
const SWEEP_SECONDS = 30;
/** A queued job older than this without a worker on it is sent again (its message may have been lost). */
const QUEUED_RESEND_SECONDS = 120;

/**
 * Consumes the queues in this process, and sweeps for jobs to resume: runs whose worker died (no
 * heartbeat) and queued jobs whose message was lost. Answers the function that stops it all.
 */
export async function startWorkers(deps: WorkerDeps): Promise<() => Promise<void>> {
  const query = queryOn(deps.database.db);
  // Every job type has its handler (the type checks it); the runner hands each claimed job to its type's.
  const handlers = {
    ingest: createIngestHandler(deps),
    surface: createSurfaceHandler(deps),
    report: createReportHandler(deps, analysisReportInputs({ db: deps.database.db, storage: deps.storage })),
  };
  const imaging = createJobRunner(deps, 'imaging', handlers);
  const reports = createJobRunner(deps, 'reports', handlers);
  // One imaging job at a time per process: ingest already uses both cores (decoding and compression in
  // threads), and the surface job holds a few hundred MB.
  await deps.queue.work('imaging', imaging.run, { concurrency: 1 });
  await deps.queue.work('reports', reports.run, { concurrency: 1 });

  const sweep = async (olderThanSeconds: number) => {
    for (const job of await jobRuns.jobsToResume(query, olderThanSeconds)) {
      deps.log.info({ jobId: job.id }, 'resuming job');
      await deps.queue.send(job.queueName, { jobId: job.id });
    }
  };
  if (deps.database.kind === 'pglite') await jobRuns.requeueInterrupted(query);
  await removeAbandonedWorkFolders(query, deps.tempDir, deps.log);
  // At start, a queued job of any age is resumed: its message may have died with the last process.
  await sweep(0).catch((error) => deps.log.error({ err: error }, 'job sweep failed'));
  const timer = setInterval(() => {
    sweep(QUEUED_RESEND_SECONDS).catch((error) => deps.log.error({ err: error }, 'job sweep failed'));
    removeExpiredUploads(query, deps).catch((error) => deps.log.error({ err: error }, 'upload sweep failed'));
  }, SWEEP_SECONDS * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await Promise.all([imaging.stop(), reports.stop()]);
  };
}
