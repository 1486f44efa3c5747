import { z } from 'zod';
import type { JobTypeName } from '../../db/seed/job-catalogue.ts';
import { ingestParams, ingestResult } from './types/ingest-job.ts';
import { reportParams, reportResult } from './types/report-job.ts';
import { surfaceParams, surfaceResult } from './types/surface-job.ts';

/**
 * Every job type's parameters and result as zod schemas, the way immich and Infisical type their
 * queues: what enqueuers pass, what handlers receive and what they record all take their types from
 * here, and the parameters are checked where they cross the database (at enqueue, and when a run
 * picks the job up), since a queued job may outlive the version that queued it.
 */
export const JOB_SCHEMAS = {
  ingest: { params: ingestParams, result: ingestResult },
  surface: { params: surfaceParams, result: surfaceResult },
  report: { params: reportParams, result: reportResult },
} as const satisfies Record<JobTypeName, { params: z.ZodType; result: z.ZodType }>;

export type JobParams<T extends JobTypeName> = z.output<(typeof JOB_SCHEMAS)[T]['params']>;
export type JobResult<T extends JobTypeName> = z.output<(typeof JOB_SCHEMAS)[T]['result']>;

/** What a job that is given up records, whatever its type (the runner writes it, not the handler). */
export const failedResult = z.strictObject({ outcome: z.literal('failed'), reasons: z.array(z.string()) });
export type FailedResult = z.output<typeof failedResult>;

const payloadOf = <T extends JobTypeName>(jobType: T) =>
  z.strictObject({ jobType: z.literal(jobType), params: JOB_SCHEMAS[jobType].params });

/** What a Job row asks of its handler: a type of the registry with that type's parameters. */
export const jobPayload = z.discriminatedUnion('jobType', [
  payloadOf('ingest'),
  payloadOf('surface'),
  payloadOf('report'),
]);
export type JobPayload = z.output<typeof jobPayload>;

export const isJobTypeName = (name: string): name is JobTypeName => Object.hasOwn(JOB_SCHEMAS, name);

/** A failure no later attempt can fix: the job fails at once instead of being retried. */
export class PermanentJobFailure extends Error {}

/** A job type and parameters the registry does not accept: refused at enqueue, failed (not retried) at a run. */
export class InvalidJobPayload extends PermanentJobFailure {}

/** The payload checked against its type's schema; throws InvalidJobPayload saying which field is wrong. */
export function parseJobPayload(payload: { jobType: string; params: unknown }): JobPayload {
  if (!isJobTypeName(payload.jobType)) throw new InvalidJobPayload(`No job type ${payload.jobType} is known here.`);
  const parsed = jobPayload.safeParse({ jobType: payload.jobType, params: payload.params });
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new InvalidJobPayload(`The ${payload.jobType} job's parameters are not valid (${issues.join('; ')}).`);
}
