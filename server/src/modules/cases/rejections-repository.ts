import { CaseStatus } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/** A rejected case's rejection: the case row's reason and comment, its `case.reject` event's who and when. */
export interface RejectionRow {
  caseId: string;
  reasonId: string | null;
  reason: string | null;
  comment: string;
  rejectedById: string | null;
  rejectedByEmail: string | null;
  rejectedByName: string | null;
  dateRejected: Date | string | null;
}

/**
 * The case's rejection, or none while it is not rejected. Rejected is a final status, so a case has at
 * most one; its reason and comment live on the case (written by the door), who and when in the audit
 * trail (the newest `case.reject` event; none for a case seeded as rejected).
 */
export async function findRejectionOfCase(query: Query, caseId: string): Promise<RejectionRow | undefined> {
  const [row] = await query<RejectionRow>(
    sql`SELECT c.id AS "caseId", c.rejection_reason_id AS "reasonId", rr.name AS reason,
               c.analyst_comment AS comment, e.actor_id AS "rejectedById", u.email AS "rejectedByEmail",
               trim(u.given_name || ' ' || u.family_name) AS "rejectedByName", e.at AS "dateRejected"
          FROM cases c
          LEFT JOIN rejection_reasons rr ON rr.id = c.rejection_reason_id
          LEFT JOIN LATERAL (
                SELECT a.actor_id, a.at FROM audit_events a
                 WHERE a.action = 'case.reject' AND a.target_type = 'case' AND a.target_id = c.id::text
                 ORDER BY a.at DESC LIMIT 1) e ON true
          LEFT JOIN users u ON u.id = e.actor_id
         WHERE c.id = ${caseId} AND c.status = ${CaseStatus.REJECTED}`,
  );
  return row;
}
