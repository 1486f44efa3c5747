import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { JobStatus } from '@cardiomap/contract';
import type { Tx } from '../db/client.ts';
import { queryOn } from '../db/query.ts';
import type { JobTypeName } from '../db/seed/job-catalogue.ts';
import { isDatabaseError, safeReason } from '../lib/safe-error.ts';
import { isJobTypeName, type JobPayload, PermanentJobFailure, parseJobPayload } from '../modules/jobs/index.ts';
import { type JobOutcome, NO_JOB_METRICS } from '../telemetry/metrics.ts';
import type { JobMessage } from './job-queue.ts';
import type { ClaimedRow, ClaimedRun, RunLease } from './runs-repository.ts';
import * as jobRuns from './runs-repository.ts';
import { makeWorkFolder } from './work-folder.ts';
import type { WorkerDeps } from './worker-deps.ts';

const HEARTBEAT_MS = 5000;
const LOG_FLUSH_MS = 2000;

/** The run lost its claim (terminated, taken over) or the process is shutting down. */
export class RunLost extends Error {}

export interface RunContext<T extends JobTypeName> {
  /** The claimed job, its parameters checked against its type's schema. */
  run: ClaimedRun<T>;
  /** The run's own folder, removed when it ends. */
  workDir: string;
  signal: AbortSignal;
  log: (line: string) => void;
  flush: () => Promise<void>;
}

/** What a job type does; the runner does the rest of its life. */
export interface JobHandler<T extends JobTypeName> {
  /** A fault is tried this many times before the job is marked failed. */
  maxAttempts: number;
  /** The job's work; it records its own success (finishRun) in the transaction that stores its outputs. */
  work: (context: RunContext<T>) => Promise<void>;
  /**
   * What else the job's failure changes, in the transaction that marks it failed: after its last attempt,
   * or at once when its parameters are not valid (no attempt would fix them).
   */
  onFailed?: (tx: Tx, run: ClaimedRow) => Promise<void>;
}

/** A handler for every job type of a queue (the type checks none is missing). */
export type JobHandlers = { [T in JobTypeName]: JobHandler<T> };

/**
 * The life of one run around a job's work, the same for every type: claims the Job row (at most one run
 * holds it), checks its parameters against its type's schema, beats its heartbeat, batches its log lines,
 * gives it a folder, and on a fault retries later or marks it failed. A job whose parameters are not valid
 * fails at once with the field that is wrong in its log; it never reaches its handler.
 */
export function createJobRunner(deps: WorkerDeps, queue: string, handlers: JobHandlers) {
  const query = queryOn(deps.database.db);
  const inFlight = new Map<string, { abort: AbortController; run: RunLease }>();
  const metrics = deps.metrics ?? NO_JOB_METRICS;
  let stopping = false;

  async function run(message: JobMessage): Promise<void> {
    if (stopping) return;
    const claimed = await jobRuns.claimRun(query, message.jobId, randomUUID());
    if (!claimed) return; // Done, terminated, or another worker holds it.
    let payload: JobPayload;
    try {
      payload = parseJobPayload(claimed);
    } catch (error) {
      metrics.jobEnded(claimed.jobType, await failed(claimed, error as Error), 0);
      return;
    }
    await runClaimed({ ...claimed, ...payload });
  }

  async function runClaimed<T extends JobTypeName>(run: ClaimedRun<T>): Promise<void> {
    const handler = handlers[run.jobType];
    const abort = new AbortController();
    inFlight.set(run.jobId, { abort, run });
    const pending: { at: string; message: string }[] = [];
    const flush = async () => {
      const lines = pending.splice(0);
      await jobRuns.appendLog(query, run, lines).catch(() => pending.unshift(...lines));
    };
    const beat = setInterval(() => {
      // A missed beat only ages the heartbeat; the next one, 5 s later, asks again.
      jobRuns
        .heartbeat(query, run)
        .then((held) => {
          if (!held) abort.abort(new RunLost('The job was terminated or taken over.'));
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    const flusher = setInterval(() => void flush(), LOG_FLUSH_MS);
    const workDir = await makeWorkFolder(deps.tempDir, run);
    const started = performance.now();
    let outcome: JobOutcome = 'completed';
    try {
      const log = (line: string) => pending.push({ at: new Date().toISOString(), message: line });
      await handler.work({ run, workDir, signal: abort.signal, log, flush });
    } catch (error) {
      await flush();
      if (abort.signal.aborted) {
        outcome = 'stopped';
        deps.log.info({ jobId: run.jobId }, `${run.jobType} stopped: terminated, taken over or shutting down`);
        return;
      }
      outcome = await failed(run, error as Error);
    } finally {
      metrics.jobEnded(run.jobType, outcome, (performance.now() - started) / 1000);
      clearInterval(beat);
      clearInterval(flusher);
      inFlight.delete(run.jobId);
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** A fault: try again later, or give up and record it, with what else the job's type changes then. */
  async function failed(run: ClaimedRow, error: Error): Promise<'retried' | 'failed'> {
    deps.log.error({ err: error, jobId: run.jobId, attempt: run.attempts }, `${run.jobType} failed`);
    const handler = isJobTypeName(run.jobType) ? handlers[run.jobType] : undefined;
    // A failed statement's message quotes its parameters; the job message is shown in the app.
    const reason = isDatabaseError(error) ? safeReason(error) : error.message || String(error);
    const retry =
      handler !== undefined && !(error instanceof PermanentJobFailure) && run.attempts < handler.maxAttempts;
    if (retry) {
      if (await jobRuns.finishRun(query, run, JobStatus.QUEUED, null, `Attempt ${run.attempts} failed: ${reason}`)) {
        await deps.queue.send(queue, { jobId: run.jobId }, { startAfterSeconds: 5 * run.attempts });
      }
      return 'retried';
    }
    await deps.database.db.transaction(async (tx) => {
      const txQuery = queryOn(tx);
      const summary = { outcome: 'failed' as const, reasons: [reason] };
      if (!(await jobRuns.finishRun(txQuery, run, JobStatus.FAILED, summary, `Failed: ${reason}`))) return;
      await handler?.onFailed?.(tx, run);
    });
    return 'failed';
  }

  return {
    run,
    /** Shutting down: stop the runs in flight and hand them back to the queue for the next process. */
    async stop() {
      stopping = true;
      for (const { abort, run } of inFlight.values()) {
        abort.abort(new RunLost('Shutting down.'));
        await jobRuns.finishRun(query, run, JobStatus.QUEUED, null, 'Interrupted by a shutdown; will resume.');
      }
    },
  };
}
