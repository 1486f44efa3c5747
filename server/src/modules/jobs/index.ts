import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobRoutes } from './routes.ts';
import { createJobsService, type JobTerminated } from './service.ts';

export {
  type FailedResult,
  failedResult,
  InvalidJobPayload,
  isJobTypeName,
  JOB_SCHEMAS,
  type JobParams,
  type JobPayload,
  type JobResult,
  jobPayload,
  PermanentJobFailure,
  parseJobPayload,
} from './job-types.ts';
export { presentJob } from './presenter.ts';
export { findJob, insertJob, type JobRow } from './repository.ts';
export type { JobTerminated } from './service.ts';

/** Jobs (spec §7): a case's jobs with their logs and per-file reports, termination, job types and queues. */
export const jobsModule = fp(
  async function jobsModule(app: FastifyInstance, options: { terminated: JobTerminated }) {
    jobRoutes(app, createJobsService(app.database, options.terminated));
  },
  { name: 'jobs', dependencies: ['auth'] },
);
