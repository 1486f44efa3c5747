import type { Query } from '../db/query.ts';
import type { JobTypeName } from '../db/seed/job-catalogue.ts';
import { type ClaimedRun, insertJob } from '../modules/jobs/index.ts';
import type { JobQueue } from './job-queue.ts';

/**
 * The follow-up pipeline, in one place: which jobs a job's success starts. Ingest → surface (the
 * preliminary 3D model, so the 3D view is useful before any analyst work).
 */
export const FOLLOW_UPS: Readonly<Partial<Record<JobTypeName, readonly JobTypeName[]>>> = {
  ingest: ['surface'],
};

export interface QueuedJob {
  id: string;
  queueName: string;
}

/**
 * Inserts the follow-ups of a successful run inside the transaction that records its success, so they
 * exist exactly when it does; send them after commit (a lost send is found by the workers' sweep).
 */
export async function insertFollowUps(query: Query, finished: JobTypeName, run: ClaimedRun): Promise<QueuedJob[]> {
  const queued: QueuedJob[] = [];
  for (const jobType of FOLLOW_UPS[finished] ?? []) {
    queued.push(
      await insertJob(query, {
        caseId: run.caseId,
        // Not tied to the upload: a follow-up works on what the job made, and must not keep the upload
        // 'processing' (staff may process it again while the follow-up runs).
        inputDataId: null,
        jobType,
        params: { after: run.jobId },
        createdById: null,
      }),
    );
  }
  return queued;
}

export async function sendFollowUps(queue: JobQueue, jobs: QueuedJob[]): Promise<void> {
  for (const job of jobs) await queue.send(job.queueName, { jobId: job.id }).catch(() => undefined);
}
