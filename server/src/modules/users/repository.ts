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

/** The list's order; email is unique, so the order is total and pages never overlap. */
const ORDER = sql`family_name, given_name, email`;

/**
 * Users a caller may pick, ordered by name, and their exact number, in one statement. The organisation
 * ids shown are limited to the caller's organisations when the caller is scoped to them, so a picker
 * reveals no other memberships.
 *
 * Two plans, chosen by the filter (issue 20 §2, bench/users):
 * - nothing narrows the list: the total comes from the user_counts rows (migration 0017) and the page
 *   from an index-only scan of users_list_order_covering;
 * - a search, an organisation or a scope narrows it: the matching users are gathered once (the trigram
 *   index, or the memberships of the organisations) into a materialised set that gives both the count
 *   and the page. Walking the name order instead and filtering each row read 90,000 rows for a search
 *   whose matches sort last.
 */
export async function listUsers(
  database: Database,
  filter: UserListFilter,
  page: PageRequest,
): Promise<{ count: number; rows: UserSummary[] }> {
  const scope = filter.withinOrganisations ? sql`${sql.param(filter.withinOrganisations)}::uuid[]` : null;
  const membership: SQL[] = [];
  if (filter.organisationId) membership.push(sql`m.organisation_id = ${filter.organisationId}`);
  else if (scope) membership.push(sql`m.organisation_id = ANY(${scope})`);
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
      sql`u.id IN (SELECT m.user_id FROM organisation_memberships m WHERE ${sql.join(membership, sql` AND `)})`,
    );
  }
  if (filter.search) where.push(sql`${searchText} ILIKE ${containsPattern(filter.search)}`);
  const narrowed = where.length > (filter.includeInactive ? 0 : 1);
  const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const { limit, offset } = pageWindow(page);
  const rowsOf = (source: SQL) => sql`COALESCE((SELECT json_agg(json_build_object(
        'id', u.id, 'email', u.email, 'givenName', u.given_name, 'familyName', u.family_name, 'title', u.title,
        ${filter.includeInactive ? sql`'isActive', u.is_active,` : sql``}
        'organisationIds', ARRAY(SELECT m.organisation_id::text FROM organisation_memberships m
                                  WHERE m.user_id = u.id ${scope ? sql`AND m.organisation_id = ANY(${scope})` : sql``}
                                  ORDER BY m.is_primary DESC, m.organisation_id))
        ORDER BY u.family_name, u.given_name, u.email)
      FROM users u JOIN (${source}) p ON p.id = u.id), '[]'::json)`;
  const statement = narrowed
    ? sql`WITH matches AS MATERIALIZED (SELECT u.id, u.family_name, u.given_name, u.email FROM users u ${whereSql})
          SELECT (SELECT count(*) FROM matches) AS count,
                 ${rowsOf(sql`SELECT id FROM matches ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`)} AS rows`
    : sql`SELECT (SELECT COALESCE(sum(n), 0) FROM user_counts
                   ${filter.includeInactive ? sql`` : sql`WHERE is_active`}) AS count,
                 ${rowsOf(sql`SELECT u.id FROM users u ${whereSql} ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`)} AS rows`;
  // One prepared statement per shape of the filter: the text differs only between shapes.
  const shape = [
    narrowed ? 'n' : 'a',
    filter.includeInactive ? 'i' : '',
    scope ? 's' : '',
    filter.organisationId ? 'o' : '',
    filter.primaryOnly ? 'p' : '',
    filter.hasOrganisation === undefined ? '' : filter.hasOrganisation ? 'h' : 'H',
    filter.search ? 'q' : '',
  ].join('');
  const [result] = await queryOnPool(database)<{ count: string | number; rows: UserSummary[] }>(
    statement,
    `users-list-${shape}`,
  );
  return { count: Number(result?.count ?? 0), rows: result?.rows ?? [] };
}
