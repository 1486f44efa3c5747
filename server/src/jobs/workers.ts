import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Query, queryOn } from '../db/query.ts';
import { analysisReportInputs } from '../modules/reports/index.ts';
import { removeExpiredUploads } from '../modules/uploads/index.ts';
import { removeExpiredRateLimitRows } from './expired-rate-limits.ts';
import { createIngestHandler } from './ingest/run-ingest.ts';
import { createJobRunner } from './job-runner.ts';
import { createReportHandler } from './report/run-report.ts';
import * as jobRuns from './runs-repository.ts';
import { createSurfaceHandler } from './surface/run-surface.ts';
import { hostTag, processAlive } from './work-folder.ts';
import type { WorkerDeps } from './worker-deps.ts';

/** Old-style folders (`job-<job>-…`) and this release's (`job-<job>-<lease>-<host>-<pid>-…`, work-folder.ts). */
const WORK_FOLDER = /^job-([0-9a-f-]{36})-(?:([0-9a-f-]{36})-([0-9a-f]{8})-(\d+)-)?/;

/**
 * Work folders a killed run left behind (a clean end removes its own); a live run's folder stays. A
 * folder is dead when its process on this machine is gone, or when its run no longer holds its job (ended,
 * taken over, heartbeat stale). Several workers may share the folder: each sees the others' folders live.
 */
export async function removeAbandonedWorkFolders(
  query: Query,
  tempDir: string,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<number> {
  const names = await readdir(tempDir).catch(() => [] as string[]);
  const folders = names.flatMap((name) => {
    const match = WORK_FOLDER.exec(name);
    if (!match?.[1]) return [];
    const [, jobId, leaseId, host, pid] = match;
    return [{ name, jobId, leaseId, owner: host && pid ? { host, pid: Number(pid) } : undefined }];
  });
  const liveJobs = await jobRuns.liveRuns(
    query,
    folders.filter((f) => !f.leaseId).map((f) => f.jobId),
  );
  const liveLeases = await jobRuns.liveLeases(
    query,
    folders.flatMap((f) => (f.leaseId ? [f.leaseId] : [])),
  );
  const dead = folders.filter((f) => {
    if (f.owner && f.owner.host === hostTag() && !processAlive(f.owner.pid)) return true;
    return f.leaseId ? !liveLeases.has(f.leaseId) : !liveJobs.has(f.jobId);
  });
  for (const folder of dead) {
    log.info({ folder: folder.name }, 'removing an abandoned job folder');
    await rm(join(tempDir, folder.name), { recursive: true, force: true });
  }
  return dead.length;
}

/**
 * pg-boss deliveries whose worker died are failed over (not left active for the hour of their expiry),
 * and jobs whose run died or whose message was lost are sent again. A dead run is seen within
 * STALE_RUN_SECONDS of its last heartbeat, so a killed worker's job resumes within about a minute.
 */
export async function sweepJobs(
  query: Query,
  deps: Pick<WorkerDeps, 'queue' | 'log'>,
  queuedOlderThanSeconds: number,
): Promise<void> {
  for (const delivery of await jobRuns.deadDeliveries(query)) {
    deps.log.info({ delivery: delivery.id, queue: delivery.queue }, "failing over a dead worker's delivery");
    await deps.queue.fail(delivery.queue, delivery.id, 'The worker stopped before the job ended.');
  }
  for (const job of await jobRuns.jobsToResume(query, queuedOlderThanSeconds)) {
    deps.log.info({ jobId: job.id }, 'resuming job');
    await deps.queue.send(job.queueName, { jobId: job.id });
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
    report: createReportHandler(deps, analysisReportInputs({ storage: deps.storage })),
  };
  // Before anything is consumed: a run still marked running belongs to the process before this one (PGlite
  // is one process). Done after `work`, it also caught the job this process had just claimed, so the first
  // ingest of a fresh start was "interrupted" and run twice (issue 27).
  if (deps.database.kind === 'pglite') await jobRuns.requeueInterrupted(query);
  await removeAbandonedWorkFolders(query, deps.tempDir, deps.log);
  const imaging = createJobRunner(deps, 'imaging', handlers);
  const reports = createJobRunner(deps, 'reports', handlers);
  // One imaging job at a time per process: ingest already uses both cores (decoding and compression in
  // threads), and the surface job holds a few hundred MB.
  await deps.queue.work('imaging', imaging.run, { concurrency: 1 });
  await deps.queue.work('reports', reports.run, { concurrency: 1 });

  const sweep = (olderThanSeconds: number) => sweepJobs(query, deps, olderThanSeconds);
  // At start, a queued job of any age is resumed: its message may have died with the last process.
  await sweep(0).catch((error) => deps.log.error({ err: error }, 'job sweep failed'));
  const timer = setInterval(() => {
    sweep(QUEUED_RESEND_SECONDS).catch((error) => deps.log.error({ err: error }, 'job sweep failed'));
    removeExpiredUploads(query, deps).catch((error) => deps.log.error({ err: error }, 'upload sweep failed'));
    removeExpiredRateLimitRows(query).catch((error) => deps.log.error({ err: error }, 'rate-limit sweep failed'));
  }, SWEEP_SECONDS * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await Promise.all([imaging.stop(), reports.stop()]);
  };
}
