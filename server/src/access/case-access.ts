import type { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import type { DbOrTx } from '../db/client.ts';
import { queryOn } from '../db/query.ts';
import type { Actor } from '../lib/actor.ts';
import { notFound } from '../lib/http-errors.ts';

export const CASE_NOT_FOUND = 'No case matches the given id.';

export const seesAllOrganisations = (actor: Actor): boolean => actor.permissions.has(PERMISSIONS.allOrganisations);

/** Whether the case reached the actor only through a share (not their organisation, not all organisations). */
export const sharedOnly = (actor: Actor, organisationId: string): boolean =>
  !seesAllOrganisations(actor) && !actor.organisationIds.includes(organisationId);

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
 * The case if the actor may see it (spec §6 tenancy: their organisations' cases, every case with
 * accounts.all_organisations, or cases shared with them), else 404 exactly like a missing one.
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
    `SELECT c.id, c.case_identifier AS "caseIdentifier", c.status, c.is_research AS "isResearch",
            c.organisation_id AS "organisationId", c.intervention_id AS "interventionId",
            c.created_by_id AS "createdById", c.case_responsible_id AS "caseResponsibleId", c.trial_id AS "trialId",
            c.patient_identifier AS "patientIdentifier", c.patient_age AS "patientAge", c.patient_sex AS "patientSex"
       FROM cases c
      WHERE c.id = $1
        AND ($2 OR c.organisation_id = ANY($3::uuid[])
             OR EXISTS (SELECT 1 FROM shared_cases s WHERE s.case_id = c.id AND s.user_id = $4))
      ${options.forUpdate ? 'FOR UPDATE OF c' : ''}`,
    [caseId, seesAllOrganisations(actor), actor.organisationIds, actor.userId],
  );
  if (!row) throw notFound(CASE_NOT_FOUND);
  const orders = await query<VisibleCase['orders'][number]>(
    'SELECT id, status, service FROM orders WHERE case_id = $1 ORDER BY date_created, service, id',
    [caseId],
  );
  return { ...row, isSharedToActor: sharedOnly(actor, row.organisationId), orders };
}
