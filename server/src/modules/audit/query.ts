import type { AuditEvent } from '@cardiomap/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryOnPool } from '../../db/query.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';

export interface AuditFilter {
  actorId?: string;
  organisationId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  caseId?: string;
  since?: string;
  until?: string;
}

/** The audit trail, newest first, filtered by whatever the caller named. */
export async function queryAuditEvents(
  database: Database,
  filter: AuditFilter,
  page: PageRequest,
): Promise<{ count: number; rows: AuditEvent[] }> {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(sql`e.actor_id = ${filter.actorId}`);
  if (filter.organisationId) conditions.push(sql`e.organisation_id = ${filter.organisationId}`);
  if (filter.action) conditions.push(sql`e.action = ${filter.action}`);
  if (filter.targetType) conditions.push(sql`e.target_type = ${filter.targetType}`);
  if (filter.targetId) conditions.push(sql`e.target_id = ${filter.targetId}`);
  if (filter.caseId) conditions.push(sql`e.target_type = 'case' AND e.target_id = ${filter.caseId}`);
  if (filter.since) conditions.push(sql`e.at >= ${filter.since}`);
  if (filter.until) conditions.push(sql`e.at < ${filter.until}`);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const { limit, offset } = pageWindow(page);
  const query = queryOnPool(database);
  const [rows, total] = await Promise.all([
    query<AuditEvent & { at: Date | string }>(
      sql`SELECT e.id, e.at, e.actor_id AS "actorId", u.email AS "actorEmail", e.action, e.target_type AS "targetType",
                 e.target_id AS "targetId", e.organisation_id AS "organisationId", e.ip, e.details
            FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
            ${where}
           ORDER BY e.at DESC, e.id
           LIMIT ${limit} OFFSET ${offset}`,
    ),
    query<{ n: number | string }>(sql`SELECT count(*) AS n FROM audit_events e ${where}`),
  ]);
  return {
    count: Number(total[0]?.n ?? 0),
    rows: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
  };
}
