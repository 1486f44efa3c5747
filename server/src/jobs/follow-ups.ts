import type { Query } from '../db/query.ts';
import type { JobTypeName } from '../db/seed/job-catalogue.ts';
import { insertJob, type JobPayload } from '../modules/jobs/index.ts';
import type { JobQueue } from './job-queue.ts';
import type { ClaimedRun } from './runs-repository.ts';

/**
 * The follow-up pipeline, in one place: which jobs a job's success starts, with their parameters.
 * Ingest → surface (the preliminary 3D model, so the 3D view is useful before any analyst work).
 */
export const FOLLOW_UPS: { readonly [T in JobTypeName]?: readonly ((run: ClaimedRun<T>) => JobPayload)[] } = {
  ingest: [(run) => ({ jobType: 'surface', params: { after: run.jobId } })],
};

export interface QueuedJob {
  id: string;
  queueName: string;
}

/**
 * Inserts the follow-ups of a successful run inside the transaction that records its success, so they
 * exist exactly when it does; send them after commit (a lost send is found by the workers' sweep).
 */
export async function insertFollowUps<T extends JobTypeName>(
  query: Query,
  finished: T,
  run: ClaimedRun<T>,
): Promise<QueuedJob[]> {
  const queued: QueuedJob[] = [];
  for (const followUp of FOLLOW_UPS[finished] ?? []) {
    queued.push(
      await insertJob(query, {
        caseId: run.caseId,
        // Not tied to the upload: a follow-up works on what the job made, and must not keep the upload
        // 'processing' (staff may process it again while the follow-up runs).
        inputDataId: null,
        ...followUp(run),
        createdById: null,
      }),
    );
  }
  return queued;
}

export async function sendFollowUps(queue: JobQueue, jobs: QueuedJob[]): Promise<void> {
  // After commit: a lost message is re-sent by the workers' sweep of queued jobs.
  for (const job of jobs) await queue.send(job.queueName, { jobId: job.id }).catch(() => undefined);
}
