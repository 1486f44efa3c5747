import type { UserSummary } from '@cardiomap/contract';
import { CASE_RESPONSIBLE_PERMISSION } from '@cardiomap/domain';
import { type SQL, sql } from 'drizzle-orm';
import { holdsPermission } from '../../access/permission-sql.ts';
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
  /** Only users who may request analyses, so may be responsible for a case (issue 30 #10). */
  mayBeCaseResponsible?: boolean;
}

/** Whether the user holds, through a role, the permission to request analyses (CASE_RESPONSIBLE_PERMISSION). */
export const maySubmitCases = (userId: SQL) => holdsPermission(userId, CASE_RESPONSIBLE_PERMISSION);

/** The searched text; migration 0013's trigram index is on exactly this expression. */
const searchText = sql`(u.email || chr(1) || u.title || chr(1) || u.given_name || ' ' || u.family_name || chr(1)
   || u.given_name || ' ' || u.middle_name || ' ' || u.family_name)`;

const containsPattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's order; email is unique, so the order is total and pages never overlap. */
const ORDER = sql`family_name, given_name, email`;

/** Whether a filter narrows the list below "every user" (a search, an organisation, a scope, a flag). */
export const narrows = (filter: UserListFilter): boolean =>
  Boolean(
    filter.search ||
      filter.organisationId ||
      filter.withinOrganisations ||
      filter.primaryOnly ||
      filter.mayBeCaseResponsible,
  ) || filter.hasOrganisation !== undefined;

/** The version a listed set was read at; a `users_list_version` bigint, as a string on both drivers. */
const VERSION = sql`(SELECT version FROM users_list_version)`;

/** The page's users as the list shows them, in the list's order; `source` answers their ids. */
function rowsOf(filter: UserListFilter, source: SQL): SQL {
  const scope = scopeOf(filter);
  return sql`COALESCE((SELECT json_agg(json_build_object(
        'id', u.id, 'email', u.email, 'givenName', u.given_name, 'familyName', u.family_name, 'title', u.title,
        ${filter.includeInactive ? sql`'isActive', u.is_active,` : sql``}
        'organisationIds', ARRAY(SELECT m.organisation_id::text FROM organisation_memberships m
                                  WHERE m.user_id = u.id ${scope ? sql`AND m.organisation_id = ANY(${scope})` : sql``}
                                  ORDER BY m.is_primary DESC, m.organisation_id))
        ORDER BY u.family_name, u.given_name, u.email)
      FROM users u JOIN (${source}) p ON p.id = u.id), '[]'::json)`;
}

const scopeOf = (filter: UserListFilter) =>
  filter.withinOrganisations ? sql`${sql.param(filter.withinOrganisations)}::uuid[]` : null;

/** Which prepared statement: the text differs only between shapes of the filter. */
const shapeOf = (filter: UserListFilter) =>
  [
    filter.includeInactive ? 'i' : '',
    filter.withinOrganisations ? 's' : '',
    filter.organisationId ? 'o' : '',
    filter.primaryOnly ? 'p' : '',
    filter.hasOrganisation === undefined ? '' : filter.hasOrganisation ? 'h' : 'H',
    filter.search ? 'q' : '',
    filter.mayBeCaseResponsible ? 'r' : '',
  ].join('');

function whereOf(filter: UserListFilter): SQL {
  const scope = scopeOf(filter);
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
  if (filter.mayBeCaseResponsible) where.push(maySubmitCases(sql`u.id`));
  return where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
}

export interface ListedUsers {
  count: number;
  rows: UserSummary[];
  /** The users_list_version the list was read at. */
  version: string;
  /** Every matching id in the list's order, when asked for and there are at most that many. */
  ids?: string[];
}

interface ListedRow {
  count: string | number;
  rows: UserSummary[];
  version: string | number;
  ids?: string[] | null;
}

/**
 * Users a caller may pick, ordered by name, and their exact number, in one statement. The organisation
 * ids shown are limited to the caller's organisations when the caller is scoped to them, so a picker
 * reveals no other memberships.
 *
 * Two plans, chosen by the filter (issue 20 §2, bench/users):
 * - nothing narrows the list: the total comes from the user_counts rows (migration 0019) and the page
 *   from an index-only scan of users_list_order_covering. The page size is written into the statement
 *   and the offset read through a sub-select, so the planner's estimate is the same for every page: after
 *   five executions PostgreSQL keeps one generic plan instead of planning each request again (the plan
 *   took as long as the execution). With the limit as a parameter the generic plan read every user.
 * - a search, an organisation or a scope narrows it: the matching users are gathered once (the trigram
 *   index, or the memberships of the organisations) into a materialised set that gives both the count
 *   and the page, and with `keepIdsUpTo` every matching id in order, for the caller to keep.
 */
export async function listUsers(
  database: Database,
  filter: UserListFilter,
  page: PageRequest,
  options: { keepIdsUpTo?: number } = {},
): Promise<ListedUsers> {
  const whereSql = whereOf(filter);
  const { limit, offset } = pageWindow(page);
  const narrowed = narrows(filter);
  const keep = narrowed && options.keepIdsUpTo !== undefined ? options.keepIdsUpTo : null;
  const statement = narrowed
    ? sql`WITH matches AS MATERIALIZED (SELECT u.id, u.family_name, u.given_name, u.email FROM users u ${whereSql})
          SELECT ${VERSION} AS version,
                 (SELECT count(*) FROM matches) AS count,
                 ${rowsOf(filter, sql`SELECT id FROM matches ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`)} AS rows,
                 ${
                   keep === null
                     ? sql`NULL`
                     : sql`CASE WHEN (SELECT count(*) FROM matches) <= ${keep}
                              THEN (SELECT COALESCE(json_agg(id ORDER BY ${ORDER}), '[]'::json) FROM matches) END`
                 } AS ids`
    : sql`SELECT ${VERSION} AS version,
                 (SELECT COALESCE(sum(n), 0) FROM user_counts ${filter.includeInactive ? sql`` : sql`WHERE is_active`}) AS count,
                 ${rowsOf(
                   filter,
                   sql`SELECT u.id FROM users u ${whereSql} ORDER BY ${ORDER}
                        LIMIT ${sql.raw(String(Math.trunc(limit)))} OFFSET (SELECT ${offset}::bigint)`,
                 )} AS rows,
                 NULL AS ids`;
  const name = narrowed
    ? `users-list-n${shapeOf(filter)}${keep === null ? '' : 'k'}`
    : `users-list-a${shapeOf(filter)}-${limit}`;
  const [result] = await queryOnPool(database)<ListedRow>(statement, name);
  return {
    count: Number(result?.count ?? 0),
    rows: result?.rows ?? [],
    version: String(result?.version ?? ''),
    ...(result?.ids ? { ids: result.ids } : {}),
  };
}

/**
 * The users of `ids` (one page of a kept list) as the list shows them, with the version they were read
 * at: the caller uses them only if that is still the version its ids were read at.
 */
export async function usersByIds(
  database: Database,
  filter: UserListFilter,
  ids: readonly string[],
): Promise<{ version: string; rows: UserSummary[] }> {
  const statement = sql`SELECT ${VERSION} AS version,
      ${rowsOf(filter, sql`SELECT unnest(${sql.param(ids)}::uuid[]) AS id`)} AS rows`;
  const [result] = await queryOnPool(database)<{ version: string | number; rows: UserSummary[] }>(
    statement,
    `users-list-ids-${filter.includeInactive ? 'i' : ''}${filter.withinOrganisations ? 's' : ''}`,
  );
  return { version: String(result?.version ?? ''), rows: result?.rows ?? [] };
}
