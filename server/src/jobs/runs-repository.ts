import { JobStatus } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../db/query.ts';
import type { JobTypeName } from '../db/seed/job-catalogue.ts';
import type { FailedResult, JobParams, JobResult } from '../modules/jobs/index.ts';

/*
 * The job runtime's own SQL on the jobs it runs: a run's claim, heartbeat, log lines and end, its per-file
 * report, and what the workers' sweep looks for. Jobs are queued by `insertJob` of `modules/jobs`; only
 * the runtime claims and finishes them.
 */

/** A run whose heartbeat is older than this is taken to be dead (its worker was killed) and is taken over. */
export const STALE_RUN_SECONDS = 30;

/** A run's hold on its job: every write of the run is conditioned on it. */
export interface RunLease {
  jobId: string;
  leaseId: string;
}

/** A claimed job as the database holds it: its type and parameters not yet checked against the registry. */
export interface ClaimedRow extends RunLease {
  caseId: string;
  inputDataId: string | null;
  attempts: number;
  jobType: string;
  params: unknown;
}

/** A claimed job whose parameters are its type's (checked by the runner before its handler sees them). */
export interface ClaimedRun<T extends JobTypeName = JobTypeName> extends ClaimedRow {
  jobType: T;
  params: JobParams<T>;
}

/**
 * Claims a job for one run: queued, or running with a stale heartbeat (a worker died mid-job). At most one
 * claim succeeds, so a message delivered twice, or a dead run re-sent, never runs the job twice at once.
 */
export async function claimRun(query: Query, jobId: string, leaseId: string): Promise<ClaimedRow | undefined> {
  const [row] = await query<ClaimedRow>(
    sql`UPDATE jobs SET status = ${JobStatus.RUNNING}, lease_id = ${leaseId}, heartbeat_at = now(),
      attempts = attempts + 1,
            date_started = COALESCE(date_started, now()),
            log = log || jsonb_build_array(jsonb_build_object('at', now(), 'message',
                    'Started (attempt ' || (attempts + 1) || ').'))
      WHERE id = ${jobId} AND (status = ${JobStatus.QUEUED}
            OR (status = ${JobStatus.RUNNING} AND heartbeat_at < now() - make_interval(secs => ${STALE_RUN_SECONDS})))
      RETURNING id AS "jobId", lease_id AS "leaseId", case_id AS "caseId", input_data_id AS "inputDataId", attempts,
                (SELECT name FROM job_types WHERE id = job_type_id) AS "jobType", params`,
  );
  return row;
}

/**
 * A running job's progress (0–100), written as it goes so the web can show it; the run's end replaces
 * the summary with its result. The report job reports its progress.
 */
/**
 * A running job's progress, written only under the run's own lease: a run that lost its claim (taken over
 * after a missed heartbeat, or terminated) must not overwrite the progress of the run that holds it now.
 */
export async function recordProgress(query: Query, run: RunLease, progress: number): Promise<void> {
  await query(
    sql`UPDATE jobs SET summary = jsonb_build_object('progress', ${Math.round(progress)}::int)
         WHERE id = ${run.jobId} AND lease_id = ${run.leaseId} AND status = ${JobStatus.RUNNING}`,
  );
}

/** Keeps the claim alive; false when the run lost it (terminated, or taken over). */
export async function heartbeat(query: Query, run: RunLease): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`UPDATE jobs SET heartbeat_at = now()
      WHERE id = ${run.jobId} AND lease_id = ${run.leaseId} AND status = ${JobStatus.RUNNING} RETURNING id`,
  );
  return rows.length === 1;
}

/** Log lines stamped when they happened (they are written in batches). */
export async function appendLog(query: Query, run: RunLease, lines: { at: string; message: string }[]): Promise<void> {
  if (lines.length === 0) return;
  await query(
    sql`UPDATE jobs SET log = log || ${JSON.stringify(lines)}::jsonb
      WHERE id = ${run.jobId} AND lease_id = ${run.leaseId}`,
  );
}

/**
 * Ends the run with its outcome; false when the run no longer holds the job (then nothing is written).
 * A completed run records its type's result, a failed one why it was given up, a re-queued one nothing.
 */
export function finishRun<T extends JobTypeName>(
  query: Query,
  run: ClaimedRun<T>,
  status: typeof JobStatus.COMPLETED,
  summary: JobResult<T>,
  message: string,
): Promise<boolean>;
export function finishRun(
  query: Query,
  run: RunLease,
  status: typeof JobStatus.FAILED,
  summary: FailedResult,
  message: string,
): Promise<boolean>;
export function finishRun(
  query: Query,
  run: RunLease,
  status: typeof JobStatus.QUEUED,
  summary: null,
  message: string,
): Promise<boolean>;
export async function finishRun(
  query: Query,
  run: RunLease,
  status: typeof JobStatus.COMPLETED | typeof JobStatus.FAILED | typeof JobStatus.QUEUED,
  summary: object | null,
  message: string,
): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`UPDATE jobs SET status = ${status}, lease_id = NULL, heartbeat_at = NULL,
      summary = COALESCE(${summary === null ? null : JSON.stringify(summary)}::jsonb, summary),
            date_finished = CASE WHEN ${status}::smallint = ${JobStatus.QUEUED} THEN NULL ELSE now() END,
            log = log || jsonb_build_array(jsonb_build_object('at', now(), 'message', ${message}::text))
      WHERE id = ${run.jobId} AND lease_id = ${run.leaseId} AND status = ${JobStatus.RUNNING} RETURNING id`,
  );
  return rows.length === 1;
}

/** The per-file report of a run, replacing any earlier run's (a re-run after a crash leaves one report). */
export async function replaceJobResources(
  query: Query,
  jobId: string,
  lines: { path: string; bytes: number; outcome: string; code?: string; reason?: string; seriesKey?: string }[],
): Promise<void> {
  await query(sql`DELETE FROM job_resources WHERE job_id = ${jobId}`);
  const BATCH = 2000;
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH);
    await query(
      sql`INSERT INTO job_resources (job_id, ordinal, path, bytes, outcome, code, reason, series_key)
       SELECT ${jobId}, r.ordinal, r.path, r.bytes, r.outcome, r.code, r.reason, r.series_key
         FROM jsonb_to_recordset(${JSON.stringify(
           batch.map((l, i) => ({
             ordinal: start + i,
             path: l.path,
             bytes: l.bytes,
             outcome: l.outcome,
             code: l.code ?? null,
             reason: l.reason ?? null,
             series_key: l.seriesKey ?? null,
           })),
         )}::jsonb)
              AS r(ordinal int, path text, bytes bigint, outcome text, code text, reason text, series_key text)`,
    );
  }
}

/** Jobs to (re)send: queued ones (e.g. sent before a crash that lost the message) and dead runs. */
export async function jobsToResume(
  query: Query,
  olderThanSeconds: number,
  staleSeconds = STALE_RUN_SECONDS,
): Promise<{ id: string; queueName: string }[]> {
  return query<{ id: string; queueName: string }>(
    sql`SELECT j.id, q.name AS "queueName"
      FROM jobs j JOIN job_types t ON t.id = j.job_type_id JOIN queues q ON q.id = t.queue_id
      WHERE (j.status = ${JobStatus.QUEUED} AND j.date_created < now() - make_interval(secs => ${olderThanSeconds}))
         OR (j.status = ${JobStatus.RUNNING} AND j.heartbeat_at < now() - make_interval(secs => ${staleSeconds}))`,
  );
}

/**
 * Embedded mode only (one process owns a PGlite database): at start, every running job was interrupted by
 * the previous process's end, so it goes straight back to the queue instead of waiting for its heartbeat
 * to go stale.
 */
export async function requeueInterrupted(query: Query): Promise<number> {
  const rows = await query<{ id: string }>(
    sql`UPDATE jobs SET status = ${JobStatus.QUEUED}, lease_id = NULL, heartbeat_at = NULL,
            log = log || jsonb_build_array(jsonb_build_object('at', now(), 'message',
                    'Interrupted: the worker stopped before the job ended. Resuming.'))
      WHERE status = ${JobStatus.RUNNING} RETURNING id`,
  );
  return rows.length;
}

/** Of these job ids, the ones a live run holds (running with a fresh heartbeat). */
export async function liveRuns(query: Query, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await query<{ id: string }>(
    sql`SELECT id FROM jobs WHERE id = ANY(${sql.param(jobIds)}::uuid[]) AND status = ${JobStatus.RUNNING}
        AND heartbeat_at >= now() - make_interval(secs => ${STALE_RUN_SECONDS})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Of these leases, the ones still held by a live run (a taken-over or ended run's lease is gone). */
export async function liveLeases(query: Query, leaseIds: string[]): Promise<Set<string>> {
  if (leaseIds.length === 0) return new Set();
  const rows = await query<{ leaseId: string }>(
    sql`SELECT lease_id AS "leaseId" FROM jobs
      WHERE lease_id = ANY(${sql.param(leaseIds)}::uuid[]) AND status = ${JobStatus.RUNNING}
        AND heartbeat_at >= now() - make_interval(secs => ${STALE_RUN_SECONDS})`,
  );
  return new Set(rows.map((r) => r.leaseId));
}

/**
 * pg-boss deliveries still `active` although no live run works their job: the worker that fetched them
 * died. pg-boss alone would hold them until their expiry (an hour, so a long ingest is never cut off);
 * the sweep fails them over as soon as the run is seen dead. Only the job catalogue's queues: their
 * messages name a Job. A delivery younger than `staleSeconds` may not have claimed its job yet.
 */
export async function deadDeliveries(
  query: Query,
  staleSeconds = STALE_RUN_SECONDS,
): Promise<{ queue: string; id: string }[]> {
  return query<{ queue: string; id: string }>(
    sql`SELECT b.name AS queue, b.id::text AS id FROM pgboss.job b
      WHERE b.state = 'active' AND b.started_on < now() - make_interval(secs => ${staleSeconds})
        AND b.name IN (SELECT name FROM queues)
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id::text = b.data->>'jobId'
          AND (j.status NOT IN (${JobStatus.QUEUED}, ${JobStatus.RUNNING})
            OR (j.status = ${JobStatus.RUNNING}
              AND j.heartbeat_at >= now() - make_interval(secs => ${staleSeconds}))))`,
  );
}
