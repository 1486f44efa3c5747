import { PERMISSIONS } from '@cardiomap/domain';
import { type SQL, sql } from 'drizzle-orm';
import { seesAllOrganisations, seesCases } from '../../access/case-access.ts';
import type { Query } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';

export interface CaseListFilter {
  /** Case identifier, patient identifier (not of shared cases) or organisation name/code fragment. */
  search?: string;
  /** Already checked to be in the actor's scope. */
  organisationId?: string;
  status?: number;
}

/** `%fragment%` for ILIKE, with the fragment's own wildcards taken literally. */
const containsPattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Each value bound as one parameter wherever it is used (arrays too); only the values a statement uses
 * become its parameters, so PostgreSQL never sees one it cannot type. A list shape always yields the
 * same text, so it is one stable prepared statement.
 */
type Ref = (key: keyof ListValues) => SQL;
interface ListValues {
  orgs: readonly string[];
  user: string;
  org: string | undefined;
  status: number | undefined;
  pattern: string | null;
  limit: number;
  offset: number;
}

const and = (conditions: SQL[]): SQL => sql.join(conditions, sql` AND `);

function conditions(ref: Ref, filter: CaseListFilter, all: boolean, patients: boolean): SQL[] {
  const where: SQL[] = [];
  // A function, so the organisations parameter exists only in statements that use it.
  const viaOrganisation = () => (all ? sql`true` : sql`c.organisation_id = ANY(${ref('orgs')}::uuid[])`);
  if (filter.organisationId !== undefined) where.push(sql`c.organisation_id = ${ref('org')}`);
  else if (!all) {
    // ARRAY(subquery) is an InitPlan: shared ids are read once, so both arms stay index scans.
    where.push(
      sql`(${viaOrganisation()} OR c.id = ANY(ARRAY(SELECT case_id FROM shared_cases WHERE user_id = ${ref('user')})))`,
    );
  }
  if (filter.status !== undefined) where.push(sql`c.status = ${ref('status')}`);
  if (filter.search) {
    const p = ref('pattern');
    // Trigram indexes serve both identifiers; patient identifiers only for those who see them, and only of
    // cases not merely shared with them (domain seesPatientDetails).
    const patientArm = patients ? sql`OR (c.patient_identifier ILIKE ${p} AND ${viaOrganisation()})` : sql``;
    where.push(sql`(c.case_identifier ILIKE ${p}
      ${patientArm}
      OR c.organisation_id = ANY(ARRAY(SELECT id FROM organisations WHERE name ILIKE ${p} OR code ILIKE ${p})))`);
  }
  return where;
}

/**
 * Without a search the count reads the per-organisation counters kept by triggers (migration 0006), plus
 * the actor's shared cases of other organisations (a search counts its matches, see pageSql).
 */
function countSql(ref: Ref, filter: CaseListFilter, all: boolean): SQL {
  const counters = [sql`true`];
  if (filter.organisationId !== undefined) counters.push(sql`organisation_id = ${ref('org')}`);
  else if (!all) counters.push(sql`organisation_id = ANY(${ref('orgs')}::uuid[])`);
  if (filter.status !== undefined) counters.push(sql`status = ${ref('status')}`);
  const counted = sql`(SELECT COALESCE(sum(n), 0) FROM case_counts WHERE ${and(counters)})`;
  if (all || filter.organisationId !== undefined) return sql`SELECT ${counted}`;
  return sql`SELECT ${counted} + (SELECT count(*) FROM cases c
     WHERE c.id = ANY(ARRAY(SELECT case_id FROM shared_cases WHERE user_id = ${ref('user')}))
       AND NOT (c.organisation_id = ANY(${ref('orgs')}::uuid[]))
       ${filter.status !== undefined ? sql`AND c.status = ${ref('status')}` : sql``})`;
}

/** The order of the indexes cases_created and cases_organisation_created (Drizzle's desc() is NULLS LAST). */
const NEWEST_FIRST = sql`ORDER BY c.date_created DESC NULLS LAST, c.id`;

/**
 * The statement of one page: its ids and its count. A search collects its matches once (trigram bitmap
 * scans) for both. The all-organisations list starts its index scan in the month the page falls in, found
 * from the month counters of migration 0007, so a deep page skips only rows of that month, not every newer one;
 * the same few counters give its count.
 */
function pageSql(ref: Ref, filter: CaseListFilter, all: boolean, patients: boolean): SQL {
  const where = conditions(ref, filter, all, patients);
  const limit = ref('limit');
  const offset = ref('offset');
  if (filter.search) {
    return sql`WITH matches AS MATERIALIZED (SELECT c.id, c.date_created FROM cases c WHERE ${and(where)})
      SELECT (SELECT count(*) FROM matches) AS count,
             ARRAY(SELECT c.id::text FROM matches c ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}) AS ids`;
  }
  if (all && filter.organisationId === undefined) {
    return sql`WITH months AS (SELECT month, sum(n)::bigint AS n FROM case_month_counts
                      ${filter.status !== undefined ? sql`WHERE status = ${ref('status')}` : sql``} GROUP BY month),
           newer AS (SELECT month, (sum(n) OVER (ORDER BY month DESC) - n)::bigint AS before FROM months),
           start AS (SELECT month, before FROM newer WHERE before <= ${offset}::bigint ORDER BY month LIMIT 1)
      SELECT (SELECT COALESCE(sum(n), 0) FROM months) AS count, ARRAY(
        SELECT c.id::text FROM cases c
         WHERE c.date_created < COALESCE((SELECT (month + interval '1 month') AT TIME ZONE 'UTC'
           FROM start), 'infinity')
               ${sql.join(
                 where.map((condition) => sql`AND ${condition}`),
                 sql` `,
               )}
         ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}::bigint - COALESCE((SELECT before FROM start), 0)) AS ids`;
  }
  return sql`SELECT (${countSql(ref, filter, all)}) AS count, ARRAY(
      SELECT c.id::text FROM cases c ${where.length ? sql`WHERE ${and(where)}` : sql``}
       ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}) AS ids`;
}

/**
 * One page of the case list, newest first, and its total, in a single statement: the page's ids come
 * from the indexes cases_organisation_created / cases_created (or the trigram ones for a search); the
 * caller then loads just those cases in a few batched queries.
 */
export async function listCaseIds(
  query: Query,
  actor: Actor,
  filter: CaseListFilter,
  page: PageRequest,
): Promise<{ count: number; ids: string[] }> {
  // The access module's rule: without cases.view_case_details no case is visible, not even a shared one.
  if (!seesCases(actor)) return { count: 0, ids: [] };
  const all = seesAllOrganisations(actor);
  const { limit, offset } = pageWindow(page);
  const values: ListValues = {
    orgs: actor.organisationIds,
    user: actor.userId,
    org: filter.organisationId,
    status: filter.status,
    pattern: filter.search ? containsPattern(filter.search) : null,
    limit,
    offset,
  };
  const ref: Ref = (key) => sql`${sql.param(values[key])}`;
  const patients = actor.permissions.has(PERMISSIONS.viewPatientInformation);
  const statement = pageSql(ref, filter, all, patients);
  const shape = [
    all,
    filter.organisationId !== undefined,
    filter.status !== undefined,
    Boolean(filter.search),
    patients,
  ];
  const [row] = await query<{ count: string | number; ids: string[] }>(
    statement,
    `cases_list_${shape.map((on) => (on ? 1 : 0)).join('')}`,
  );
  return { count: Number(row?.count ?? 0), ids: row?.ids ?? [] };
}
