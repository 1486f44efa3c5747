import { JobStatus } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import { pageOfRows, type Query } from '../../db/query.ts';
import type { JobTypeName } from '../../db/seed/job-catalogue.ts';
import { type FailedResult, type JobParams, type JobResult, parseJobPayload } from './job-types.ts';

type Timestamp = Date | string;

/** What a Job records of its outcome: its type's result, why it was given up, or nothing yet (`{}`). */
type JobSummary = JobResult<JobTypeName> | FailedResult | Record<string, never>;

export interface JobRow {
  id: string;
  caseId: string;
  organisationId: string;
  inputDataId: string | null;
  jobTypeId: string;
  jobTypeName: string;
  queueId: string;
  queueName: string;
  status: JobStatus;
  attempts: number;
  log: { at: string; message: string }[];
  summary: JobSummary;
  dateCreated: Timestamp;
  dateStarted: Timestamp | null;
  dateFinished: Timestamp | null;
}

const JOB_COLUMNS = sql`
  j.id, j.case_id AS "caseId", c.organisation_id AS "organisationId", j.input_data_id AS "inputDataId",
  j.job_type_id AS "jobTypeId", t.name AS "jobTypeName", q.id AS "queueId", q.name AS "queueName",
  j.status, j.attempts, j.log, j.summary, j.date_created AS "dateCreated",
  j.date_started AS "dateStarted", j.date_finished AS "dateFinished"`;
const JOB_JOINS = sql`
  JOIN cases c ON c.id = j.case_id
  JOIN job_types t ON t.id = j.job_type_id
  JOIN queues q ON q.id = t.queue_id`;

/**
 * A queued Job row of the given type; the caller sends it to the type's queue after commit. Its parameters
 * are checked against the type's schema first: a payload the registry refuses is never queued.
 */
export async function insertJob<T extends JobTypeName>(
  query: Query,
  job: { jobType: T; params: JobParams<T>; caseId: string; inputDataId: string | null; createdById: string | null },
): Promise<{ id: string; queueName: string }> {
  const { jobType, params } = parseJobPayload(job);
  const [row] = await query<{ id: string; queueName: string }>(
    sql`WITH t AS (SELECT t.id, q.name FROM job_types t JOIN queues q ON q.id = t.queue_id
      WHERE t.name = ${jobType})
     INSERT INTO jobs (case_id, input_data_id, job_type_id, params, created_by_id, log)
     SELECT ${job.caseId}, ${job.inputDataId}, t.id, ${JSON.stringify(params)}::jsonb,
       ${job.createdById}, jsonb_build_array(jsonb_build_object('at', now(), 'message', 'Queued.'))
       FROM t
     RETURNING id, (SELECT name FROM t) AS "queueName"`,
  );
  if (!row) throw new Error(`Unknown job type ${jobType}`);
  return row;
}

export async function findJob(query: Query, id: string): Promise<JobRow | undefined> {
  const [row] = await query<JobRow>(sql`SELECT ${JOB_COLUMNS} FROM jobs j ${JOB_JOINS} WHERE j.id = ${id}`);
  return row;
}

export async function listJobsOfCase(
  query: Query,
  caseId: string,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: JobRow[] }> {
  return pageOfRows<JobRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM jobs WHERE case_id = ${caseId}`,
      rows: sql`SELECT ${JOB_COLUMNS} FROM jobs j ${JOB_JOINS} WHERE j.case_id = ${caseId}
              ORDER BY j.date_created DESC, j.id DESC`,
    },
    window,
  );
}

/**
 * Queued or running → terminated, answering the job's upload (the caller tells the uploads module);
 * undefined when it had already finished (or was terminated).
 */
export async function terminateJob(
  query: Query,
  id: string,
  by: string,
): Promise<{ inputDataId: string | null } | undefined> {
  const [row] = await query<{ inputDataId: string | null }>(
    sql`UPDATE jobs SET status = ${JobStatus.TERMINATED}, date_finished = now(), lease_id = NULL,
              log = log || jsonb_build_array(jsonb_build_object('at', now(), 'message',
                ${`Terminated by ${by}.`}::text))
        WHERE id = ${id} AND status IN (${JobStatus.QUEUED}, ${JobStatus.RUNNING})
        RETURNING input_data_id AS "inputDataId"`,
  );
  return row;
}

export interface JobResourceRow {
  id: string;
  jobId: string;
  path: string;
  bytes: number;
  outcome: 'used' | 'set-aside' | 'candidate';
  code: string | null;
  reason: string | null;
  seriesKey: string | null;
}

const RESOURCE_COLUMNS = sql`id, job_id AS "jobId", path, bytes::float8 AS bytes, outcome, code, reason, series_key AS "seriesKey"`;

export async function listJobResources(
  query: Query,
  jobId: string,
  outcome: string | undefined,
  window: { limit: number; offset: number } | null,
): Promise<{ count: number; rows: JobResourceRow[] }> {
  const [{ count } = { count: 0 }] = await query<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM job_resources
      WHERE job_id = ${jobId} AND (${outcome ?? null}::text IS NULL OR outcome = ${outcome ?? null})`,
  );
  const rows = await query<JobResourceRow>(
    sql`SELECT ${RESOURCE_COLUMNS} FROM job_resources
      WHERE job_id = ${jobId} AND (${outcome ?? null}::text IS NULL OR outcome = ${outcome ?? null})
      ORDER BY ordinal LIMIT ${window?.limit ?? null} OFFSET ${window?.offset ?? 0}`,
  );
  return { count, rows };
}

export async function listJobTypes(query: Query) {
  return query<{ id: string; name: string; description: string; queueId: string }>(
    sql`SELECT id, name, description, queue_id AS "queueId" FROM job_types ORDER BY name`,
  );
}

export async function listQueues(query: Query) {
  return query<{ id: string; name: string; description: string }>(
    sql`SELECT id, name, description FROM queues ORDER BY name`,
  );
}
