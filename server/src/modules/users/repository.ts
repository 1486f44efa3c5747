import type { UserSummary } from '@cardiomap/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryOnPool } from '../../db/query.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';

export interface UserListFilter {
  /** Only members of these organisations; null for everyone (accounts.view_all_users). */
  withinOrganisations: readonly string[] | null;
  organisationId?: string;
  /** Fragment of the name, e-mail or title. */
  search?: string;
  primaryOnly: boolean;
  /** Administrators: inactive users too, with isActive in each row. */
  includeInactive?: boolean;
  hasOrganisation?: boolean;
}

/** The searched text; migration 0013's trigram index is on exactly this expression. */
const searchText = sql`(u.email || chr(1) || u.title || chr(1) || u.given_name || ' ' || u.family_name || chr(1)
   || u.given_name || ' ' || u.middle_name || ' ' || u.family_name)`;

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
  const scope = filter.withinOrganisations ? sql`${sql.param(filter.withinOrganisations)}::uuid[]` : null;
  const membership: SQL[] = [];
  if (scope) membership.push(sql`m.organisation_id = ANY(${scope})`);
  if (filter.organisationId) membership.push(sql`m.organisation_id = ${filter.organisationId}`);
  if (filter.primaryOnly) membership.push(sql`m.is_primary`);
  const where: SQL[] = [];
  if (!filter.includeInactive) where.push(sql`u.is_active`);
  if (filter.hasOrganisation !== undefined) {
    where.push(
      sql`${filter.hasOrganisation ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM organisation_memberships m WHERE m.user_id = u.id)`,
    );
  }
  if (membership.length > 0) {
    where.push(
      sql`EXISTS (SELECT 1 FROM organisation_memberships m
        WHERE m.user_id = u.id AND ${sql.join(membership, sql` AND `)})`,
    );
  }
  if (filter.search) {
    where.push(sql`${searchText} ILIKE ${containsPattern(filter.search)}`);
  }
  const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const { limit, offset } = pageWindow(page);
  const query = queryOnPool(database);
  const [rows, total] = await Promise.all([
    query<UserSummary>(
      sql`SELECT u.id, u.email, u.given_name AS "givenName", u.family_name AS "familyName", u.title,
                 ${filter.includeInactive ? sql`u.is_active AS "isActive",` : sql``}
                 ARRAY(SELECT m.organisation_id::text FROM organisation_memberships m
                        WHERE m.user_id = u.id ${scope ? sql`AND m.organisation_id = ANY(${scope})` : sql``}
                        ORDER BY m.is_primary DESC, m.organisation_id) AS "organisationIds"
            FROM users u ${whereSql}
           ORDER BY u.family_name, u.given_name, u.email
           LIMIT ${limit} OFFSET ${offset}`,
    ),
    query<{ n: string | number }>(sql`SELECT count(*) AS n FROM users u ${whereSql}`),
  ]);
  return { count: Number(total[0]?.n ?? 0), rows };
}
