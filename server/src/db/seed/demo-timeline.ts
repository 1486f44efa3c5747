import { CaseStatus, JobStatus } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { queryOn } from '../query.ts';

/** Where a finished demo case's work starts: this long after the case was submitted. */
const WORK_STARTS_AFTER_SUBMISSION = '1 hour';

/**
 * The demo's completed case was delivered days ago, but its upload and jobs are made at the first start
 * (demo-imaging.ts runs the real ingest), so its Jobs tab showed work dated after the delivery (issue 30
 * #16). Once every job of such a case has ended, its upload and jobs are moved back, keeping their own
 * spacing (log lines included), to begin an hour after submission. Returns how many jobs moved; idempotent (a case whose
 * jobs already lie before its completion is left alone), so it can run at every start.
 */
export async function placeDemoWorkInCaseTimeline(db: DbOrTx): Promise<number> {
  const query = queryOn(db);
  const moved = await query<{ id: string }>(
    sql`WITH late AS (
          SELECT c.id AS case_id,
                 (SELECT min(j.date_created) FROM jobs j WHERE j.case_id = c.id)
                   - (c.date_submitted + ${WORK_STARTS_AFTER_SUBMISSION}::interval) AS shift
            FROM cases c
           WHERE c.status = ${CaseStatus.COMPLETED} AND c.date_submitted IS NOT NULL AND c.date_completed IS NOT NULL
             AND EXISTS (SELECT 1 FROM jobs j WHERE j.case_id = c.id
                          AND coalesce(j.date_finished, j.date_created) > c.date_completed)
             AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.case_id = c.id
                              AND j.status IN (${JobStatus.QUEUED}, ${JobStatus.RUNNING}))
        ), moved_uploads AS (
          UPDATE input_data d
             SET date_created = d.date_created - late.shift,
                 date_confirmed = d.date_confirmed - late.shift
            FROM late WHERE d.case_id = late.case_id
        )
        UPDATE jobs j
           SET date_created = j.date_created - late.shift,
               date_started = j.date_started - late.shift,
               date_finished = j.date_finished - late.shift,
               log = coalesce((SELECT jsonb_agg(CASE WHEN e ? 'at'
                                   THEN e || jsonb_build_object('at', (e->>'at')::timestamptz - late.shift)
                                   ELSE e END ORDER BY n)
                                 FROM jsonb_array_elements(j.log) WITH ORDINALITY AS l(e, n)), j.log)
          FROM late WHERE j.case_id = late.case_id
        RETURNING j.id`,
  );
  return moved.length;
}

/**
 * Runs the move above once the demo's jobs have ended, polling in the background: the jobs run on the
 * queue after the server starts, and a start must not wait for them. Gives up quietly after `giveUpMs`
 * (the next start tries again).
 */
export function placeDemoWorkWhenJobsEnd(db: DbOrTx, { everyMs = 2_000, giveUpMs = 10 * 60_000 } = {}): () => void {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const moved = await placeDemoWorkInCaseTimeline(db).catch(() => 0); // a closing database ends the polling
    if (moved > 0 || Date.now() - started > giveUpMs) return;
    timer = setTimeout(tick, everyMs).unref();
  };
  timer = setTimeout(tick, everyMs).unref();
  return () => clearTimeout(timer);
}
