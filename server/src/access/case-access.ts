import type { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { type CaseReach, isAccessDenied, PERMISSIONS } from '@cardiomap/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { queryOn } from '../db/query.ts';
import type { Actor } from '../lib/actor.ts';
import { notFound } from '../lib/http-errors.ts';

export const CASE_NOT_FOUND = 'No case matches the given id.';

export const seesAllOrganisations = (actor: Actor): boolean => actor.permissions.has(PERMISSIONS.allOrganisations);

/**
 * Spec §6: cases.view_case_details is what lets a user see cases at all, of their organisations, of all
 * organisations and shared with them (canSeeSharedCases is the same permission). Without it no case is
 * visible, so every read and write that finds its case here answers 404 (issue 27: a licence-template
 * manager and a member without a role used to read their organisation's cases and volumes).
 */
export const seesCases = (actor: Actor): boolean => actor.permissions.has(PERMISSIONS.viewCaseDetails);

/** Whether the case reached the actor only through a share (not their organisation, not all organisations). */
export const sharedOnly = (actor: Actor, organisationId: string): boolean =>
  !seesAllOrganisations(actor) && !actor.organisationIds.includes(organisationId);

/** How the case reached the actor (packages/domain CaseReach): a member's, all organisations', or a share. */
export const reachOf = (actor: Actor, organisationId: string): CaseReach =>
  actor.organisationIds.includes(organisationId)
    ? 'member'
    : seesAllOrganisations(actor)
      ? 'allOrganisations'
      : 'shared';

/** Case.accessDenied for the actor (packages/domain isAccessDenied): listed, but images and results refused. */
export const accessDeniedTo = (actor: Actor, theCase: { organisationId: string; isResearch: boolean }): boolean =>
  isAccessDenied(actor.permissions, { isResearch: theCase.isResearch, reach: reachOf(actor, theCase.organisationId) });

/**
 * What decides which cases an actor sees: whether they see cases at all, their organisations, all of
 * them, and the cases shared with them.
 */
export interface CaseScope {
  seesCases: boolean;
  allOrganisations: boolean;
  organisationIds: readonly string[];
  userId: string;
}

export const caseScopeOf = (actor: Actor): CaseScope => ({
  seesCases: seesCases(actor),
  allOrganisations: seesAllOrganisations(actor),
  organisationIds: actor.organisationIds,
  userId: actor.userId,
});

/**
 * The set form of the rule, for lists: the case row `c` is one the scope admits. (The case list has its
 * own index-tuned form of the same rule, in modules/cases/list-query.ts.)
 */
export const visibleCases = (scope: CaseScope): SQL =>
  sql`(${scope.seesCases} AND (${scope.allOrganisations}
       OR c.organisation_id = ANY(${sql.param(scope.organisationIds)}::uuid[])
       OR EXISTS (SELECT 1 FROM shared_cases sc WHERE sc.case_id = c.id AND sc.user_id = ${scope.userId})))`;

/** The stored case and the facts the case and order rules look at. */
export interface VisibleCase {
  id: string;
  caseIdentifier: string;
  status: CaseStatus;
  isResearch: boolean;
  organisationId: string;
  interventionId: string;
  createdById: string;
  caseResponsibleId: string | null;
  trialId: string | null;
  patientIdentifier: string;
  patientAge: number;
  patientSex: 'F' | 'M';
  /** The case reached the actor only by being shared with them (spec §6: no patient details, no cancel). */
  isSharedToActor: boolean;
  orders: { id: string; status: OrderStatus; service: Service }[];
}

/**
 * The case if the actor may see it (spec §6: with cases.view_case_details, their organisations' cases,
 * every case with accounts.all_organisations, or cases shared with them), else 404 exactly like a missing one.
 * `forUpdate` locks the case row until the transaction ends (pass a transaction), so the checks and
 * the change that follows see one state.
 */
export async function findVisibleCase(
  db: DbOrTx,
  actor: Actor,
  caseId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VisibleCase> {
  const query = queryOn(db);
  const [row] = await query<Omit<VisibleCase, 'orders' | 'isSharedToActor'>>(
    sql`SELECT c.id, c.case_identifier AS "caseIdentifier", c.status, c.is_research AS "isResearch",
               c.organisation_id AS "organisationId", c.intervention_id AS "interventionId",
               c.created_by_id AS "createdById", c.case_responsible_id AS "caseResponsibleId", c.trial_id AS "trialId",
               c.patient_identifier AS "patientIdentifier", c.patient_age AS "patientAge", c.patient_sex AS "patientSex"
          FROM cases c
         WHERE c.id = ${caseId} AND ${visibleCases(caseScopeOf(actor))}
         ${options.forUpdate ? sql`FOR UPDATE OF c` : sql``}`,
  );
  if (!row) throw notFound(CASE_NOT_FOUND);
  const orders = await query<VisibleCase['orders'][number]>(
    sql`SELECT id, status, service FROM orders WHERE case_id = ${caseId} ORDER BY date_created, service, id`,
  );
  return { ...row, isSharedToActor: sharedOnly(actor, row.organisationId), orders };
}
