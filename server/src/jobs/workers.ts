import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Query, queryOn } from '../db/query.ts';
import { jobRuns } from '../modules/jobs/index.ts';
import { analysisReportInputs } from '../modules/reports/index.ts';
import { abandonedMultipartUploads, clearMultipartUpload, WRITE_URL_SECONDS } from '../modules/uploads/index.ts';
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

/**
 * Uploads in parts that were cancelled or abandoned leave parts behind (local folders, or unfinished S3
 * uploads that are billed): once their links have expired nobody can finish them, so they are aborted.
 */
export async function abortAbandonedUploads(query: Query, deps: Pick<WorkerDeps, 'storage' | 'log'>): Promise<number> {
  const abandoned = await abandonedMultipartUploads(query, WRITE_URL_SECONDS);
  for (const upload of abandoned) {
    await deps.storage.abortMultipartUpload(upload.storageKey, upload.multipartUploadId);
    await clearMultipartUpload(query, upload.id);
    deps.log.info({ inputDataId: upload.id }, 'aborted an abandoned upload in parts');
  }
  return abandoned.length;
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
    report: createReportHandler(deps, analysisReportInputs({ storage: deps.storage })),
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
    abortAbandonedUploads(query, deps).catch((error) => deps.log.error({ err: error }, 'upload sweep failed'));
  }, SWEEP_SECONDS * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await Promise.all([imaging.stop(), reports.stop()]);
  };
}
