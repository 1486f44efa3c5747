import type { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import { rowsOf, uuidArray } from './sql-helpers.ts';

export const CASE_NOT_FOUND = 'No case matches the given id.';

export const seesAllOrganisations = (actor: Actor): boolean => actor.permissions.has(PERMISSIONS.allOrganisations);

/**
 * Whether the actor reaches case `c` through an organisation (membership or accounts.all_organisations).
 * A visible case for which this is false reached the actor by sharing only (spec §6: then no patient
 * details, no changing its course).
 */
export const viaOrganisation = (actor: Actor): SQL =>
  seesAllOrganisations(actor) ? sql`true` : sql`c.organisation_id = ANY(${uuidArray(actor.organisationIds)})`;

/** Spec §6 tenancy: the actor's organisations' cases, all with accounts.all_organisations, or shared ones. */
export const visibleTo = (actor: Actor): SQL =>
  sql`(${viaOrganisation(actor)} OR EXISTS (SELECT 1 FROM shared_cases s WHERE s.case_id = c.id AND s.user_id = ${actor.userId}))`;

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
  /** The case reached the actor only by being shared with them. */
  isSharedToActor: boolean;
  orders: { id: string; status: OrderStatus; service: Service }[];
}

/**
 * The case if the actor may see it, else 404 exactly like a missing one. `forUpdate` locks the case row
 * until the transaction ends (pass a transaction), so checks and the change that follows see one state.
 */
export async function findVisibleCase(
  db: DbOrTx,
  actor: Actor,
  caseId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VisibleCase> {
  const [row] = await rowsOf<Omit<VisibleCase, 'orders'>>(
    db,
    sql`
    SELECT c.id, c.case_identifier AS "caseIdentifier", c.status, c.is_research AS "isResearch",
           c.organisation_id AS "organisationId", c.intervention_id AS "interventionId",
           c.created_by_id AS "createdById", c.case_responsible_id AS "caseResponsibleId", c.trial_id AS "trialId",
           c.patient_identifier AS "patientIdentifier", c.patient_age AS "patientAge", c.patient_sex AS "patientSex",
           NOT (${viaOrganisation(actor)}) AS "isSharedToActor"
      FROM cases c
     WHERE c.id = ${caseId} AND ${visibleTo(actor)}
     ${options.forUpdate ? sql`FOR UPDATE OF c` : sql``}`,
  );
  if (!row) throw notFound(CASE_NOT_FOUND);
  const orders = await rowsOf<VisibleCase['orders'][number]>(
    db,
    sql`SELECT id, status, service FROM orders WHERE case_id = ${caseId} ORDER BY date_created, service, id`,
  );
  return { ...row, orders };
}
