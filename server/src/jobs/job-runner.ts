import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JobStatus } from '@cardiomap/contract';
import { queryOn } from '../db/query.ts';
import { type ClaimedRun, jobRuns } from '../modules/jobs/index.ts';
import type { JobMessage } from './job-queue.ts';
import type { WorkerDeps } from './worker-deps.ts';

const HEARTBEAT_MS = 5000;
const LOG_FLUSH_MS = 2000;

/** The run lost its claim (terminated, taken over) or the process is shutting down. */
export class RunLost extends Error {}

export interface RunContext {
  run: ClaimedRun;
  /** The run's own folder, removed when it ends. */
  workDir: string;
  signal: AbortSignal;
  log: (line: string) => void;
  flush: () => Promise<void>;
}

export interface JobRunnerOptions {
  /** For log lines. */
  name: string;
  /** The job's work; it records its own success (finishRun) in the transaction that stores its outputs. */
  work: (context: RunContext) => Promise<void>;
  /** A fault is tried this many times before the job is marked failed. */
  maxAttempts: number;
  queue: string;
}

/**
 * The life of one run around a job's work: claims the Job row (at most one run holds it), beats its
 * heartbeat, batches its log lines, gives it a folder, and on a fault retries later or marks it failed.
 * Used by the jobs that change nothing on the case when they fail (the surface job).
 */
export function createJobRunner(deps: WorkerDeps, options: JobRunnerOptions) {
  const query = queryOn(deps.database.db);
  const inFlight = new Map<string, { abort: AbortController; run: ClaimedRun }>();
  let stopping = false;

  async function run(message: JobMessage): Promise<void> {
    if (stopping) return;
    const run = await jobRuns.claimRun(query, message.jobId, randomUUID());
    if (!run) return; // Done, terminated, or another worker holds it.
    const abort = new AbortController();
    inFlight.set(run.jobId, { abort, run });
    const pending: { at: string; message: string }[] = [];
    const flush = async () => {
      const lines = pending.splice(0);
      await jobRuns.appendLog(query, run, lines).catch(() => pending.unshift(...lines));
    };
    const beat = setInterval(() => {
      jobRuns
        .heartbeat(query, run)
        .then((held) => {
          if (!held) abort.abort(new RunLost('The job was terminated or taken over.'));
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    const flusher = setInterval(() => void flush(), LOG_FLUSH_MS);
    await mkdir(deps.tempDir, { recursive: true });
    const workDir = await mkdtemp(join(deps.tempDir, `job-${run.jobId}-`));
    try {
      const log = (line: string) => pending.push({ at: new Date().toISOString(), message: line });
      await options.work({ run, workDir, signal: abort.signal, log, flush });
    } catch (error) {
      await flush();
      if (abort.signal.aborted) {
        deps.log.info({ jobId: run.jobId }, `${options.name} stopped: terminated, taken over or shutting down`);
        return;
      }
      await failed(run, error as Error);
    } finally {
      clearInterval(beat);
      clearInterval(flusher);
      inFlight.delete(run.jobId);
      await rm(workDir, { recursive: true, force: true });
    }
  }

  async function failed(run: ClaimedRun, error: Error): Promise<void> {
    deps.log.error({ err: error, jobId: run.jobId, attempt: run.attempts }, `${options.name} failed`);
    const reason = error.message || String(error);
    if (run.attempts < options.maxAttempts) {
      if (await jobRuns.finishRun(query, run, JobStatus.QUEUED, null, `Attempt ${run.attempts} failed: ${reason}`)) {
        await deps.queue.send(options.queue, { jobId: run.jobId }, { startAfterSeconds: 5 * run.attempts });
      }
      return;
    }
    await jobRuns.finishRun(
      query,
      run,
      JobStatus.FAILED,
      { outcome: 'failed', reasons: [reason] },
      `Failed: ${reason}`,
    );
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
