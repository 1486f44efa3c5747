import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/** The caller opened the case now. */
export async function markSeen(query: Query, userId: string, caseId: string): Promise<void> {
  await query(
    sql`INSERT INTO case_views (user_id, case_id, seen_at) VALUES (${userId}, ${caseId}, now())
        ON CONFLICT (user_id, case_id) DO UPDATE SET seen_at = excluded.seen_at`,
  );
}

/**
 * Of these cases, those whose status (or an order's) changed since the user last opened them
 * (cases.status_changed_at, kept by triggers, migration 0013). A case they never opened counts only when it
 * is theirs or shared with them: staff who see every organisation are not told about cases they never
 * looked at.
 */
export async function unseenChanges(query: Query, userId: string, caseIds: readonly string[]): Promise<Set<string>> {
  if (caseIds.length === 0) return new Set();
  const rows = await query<{ id: string }>(
    sql`SELECT c.id FROM cases c
          LEFT JOIN case_views v ON v.case_id = c.id AND v.user_id = ${userId}
         WHERE c.id = ANY(${sql.param(caseIds)}::uuid[]) AND c.status_changed_at IS NOT NULL
           AND (c.status_changed_at > v.seen_at
             OR (v.seen_at IS NULL
                 AND (c.case_responsible_id = ${userId} OR c.created_by_id = ${userId}
                      OR EXISTS (SELECT 1 FROM shared_cases sc WHERE sc.case_id = c.id AND sc.user_id = ${userId}))))`,
  );
  return new Set(rows.map((r) => r.id));
}
