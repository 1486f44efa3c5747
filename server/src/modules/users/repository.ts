import type { UserSummary } from '@cardiomap/contract';
import type { Database } from '../../db/client.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';

export interface UserListFilter {
  /** Only members of these organisations; null for everyone (accounts.view_all_users). */
  withinOrganisations: readonly string[] | null;
  organisationId?: string;
  /** Fragment of the name, e-mail or title. */
  search?: string;
  primaryOnly: boolean;
}

const containsPattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users a caller may pick, ordered by name. The organisation ids shown are limited to the caller's
 * organisations when the caller is scoped to them, so a picker reveals no other memberships.
 */
export async function listUsers(
  database: Database,
  filter: UserListFilter,
  page: PageRequest,
): Promise<{ count: number; rows: UserSummary[] }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const membership: string[] = [];
  const scope = filter.withinOrganisations ? param(filter.withinOrganisations) : null;
  if (scope) membership.push(`m.organisation_id = ANY(${scope}::uuid[])`);
  if (filter.organisationId) membership.push(`m.organisation_id = ${param(filter.organisationId)}`);
  if (filter.primaryOnly) membership.push('m.is_primary');
  const where: string[] = [];
  if (scope) where.push('u.is_active');
  if (membership.length > 0) {
    where.push(
      `EXISTS (SELECT 1 FROM organisation_memberships m WHERE m.user_id = u.id AND ${membership.join(' AND ')})`,
    );
  }
  if (filter.search) {
    const p = param(containsPattern(filter.search));
    where.push(`(u.email ILIKE ${p} OR u.title ILIKE ${p} OR (u.given_name || ' ' || u.family_name) ILIKE ${p}
      OR (u.given_name || ' ' || u.middle_name || ' ' || u.family_name) ILIKE ${p})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    database.query<UserSummary>(
      `SELECT u.id, u.email, u.given_name AS "givenName", u.family_name AS "familyName", u.title,
              ARRAY(SELECT m.organisation_id::text FROM organisation_memberships m
                     WHERE m.user_id = u.id ${scope ? `AND m.organisation_id = ANY(${scope}::uuid[])` : ''}
                     ORDER BY m.is_primary DESC, m.organisation_id) AS "organisationIds"
         FROM users u ${whereSql}
        ORDER BY u.family_name, u.given_name, u.email
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    database.query<{ n: string | number }>(`SELECT count(*) AS n FROM users u ${whereSql}`, params),
  ]);
  return { count: Number(total[0]?.n ?? 0), rows };
}
