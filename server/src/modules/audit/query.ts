import type { AuditEvent } from '@cardiomap/contract';
import type { Database } from '../../db/client.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';

export interface AuditFilter {
  actorId?: string;
  organisationId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  since?: string;
  until?: string;
}

/** The audit trail, newest first, filtered by whatever the caller named. */
export async function queryAuditEvents(
  database: Database,
  filter: AuditFilter,
  page: PageRequest,
): Promise<{ count: number; rows: AuditEvent[] }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.actorId) add('e.actor_id = ?', filter.actorId);
  if (filter.organisationId) add('e.organisation_id = ?', filter.organisationId);
  if (filter.action) add('e.action = ?', filter.action);
  if (filter.targetType) add('e.target_type = ?', filter.targetType);
  if (filter.targetId) add('e.target_id = ?', filter.targetId);
  if (filter.since) add('e.at >= ?', filter.since);
  if (filter.until) add('e.at < ?', filter.until);
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    database.query<AuditEvent & { at: Date | string }>(
      `SELECT e.id, e.at, e.actor_id AS "actorId", u.email AS "actorEmail", e.action, e.target_type AS "targetType",
              e.target_id AS "targetId", e.organisation_id AS "organisationId", e.ip, e.details
         FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
         ${where}
        ORDER BY e.at DESC, e.id
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    database.query<{ n: number | string }>(`SELECT count(*) AS n FROM audit_events e ${where}`, params),
  ]);
  return {
    count: Number(total[0]?.n ?? 0),
    rows: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
  };
}
