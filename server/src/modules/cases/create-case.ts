import type { createCaseSchema } from '@cardiomap/contract';
import { formatCaseIdentifier, PERMISSIONS } from '@cardiomap/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Query, queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, ValidationError } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { checkFirstOrders, placeFirstOrders, refuseFullTrial } from '../orders/index.ts';
import { caseDateErrors } from './case-dates.ts';
import { insertCase, nextCaseSequence, organisationCode, responsibleStanding } from './repository.ts';

export type CreateCaseBody = z.output<typeof createCaseSchema>;

type Errors = Record<string, unknown> & { nonFieldErrors?: string[] };

const REQUIRED = 'This field is required';
export const NOT_A_MEMBER = 'You are not a member of this organisation.';
export const RESPONSIBLE_NOT_A_MEMBER = 'The case responsible must be a member of the organisation.';
/** Issue 30 #10: members who may not request analyses (sales, support, engineers) are not offered either. */
export const RESPONSIBLE_MAY_NOT_REQUEST = 'The case responsible must be someone who may request analyses.';
export const MAY_NOT_ASSIGN = 'You may not make another user responsible for the case.';

/** Spec §7: required when the actor may assign one, a member of the organisation; else the creator. */
async function responsibleErrors(query: Query, actor: Actor, body: CreateCaseBody, errors: Errors): Promise<string> {
  const chosen = body.caseResponsibleId ?? null;
  if (!actor.permissions.has(PERMISSIONS.assignCaseResponsible)) {
    if (chosen !== null && chosen !== actor.userId) errors.caseResponsibleId = [MAY_NOT_ASSIGN];
    return actor.userId;
  }
  if (chosen === null) errors.caseResponsibleId = [REQUIRED];
  else {
    const standing = await responsibleStanding(query, chosen, body.organisationId);
    if (standing === 'outsider') errors.caseResponsibleId = [RESPONSIBLE_NOT_A_MEMBER];
    if (standing === 'member') errors.caseResponsibleId = [RESPONSIBLE_MAY_NOT_REQUEST];
  }
  return chosen ?? actor.userId;
}

const hasErrors = (errors: Errors) => Object.keys(errors).length > 0;

/**
 * POST cases/ (spec §5 "New analysis form", §7): checks who may order what under which licence, then
 * stores the case, its readable identifier and its initial orders in one transaction.
 */
export async function createCase(db: Db, actor: Actor, body: CreateCaseBody, ip: string, now: Date): Promise<string> {
  if (!actor.permissions.has(PERMISSIONS.addCase)) throw forbidden('You do not have permission to request analyses.');
  if (!actor.organisationIds.includes(body.organisationId))
    throw new ValidationError({ organisationId: [NOT_A_MEMBER] });
  return db.transaction(async (tx) => {
    const query = queryOn(tx);
    const errors: Errors = { ...caseDateErrors(body, now) };
    const responsibleId = await responsibleErrors(query, actor, body, errors);
    const ordering = await checkFirstOrders(tx, actor, body.organisationId, body.orders);
    if (!ordering.ok) {
      if (ordering.orders) errors.orders = ordering.orders;
      if (ordering.nonFieldErrors) errors.nonFieldErrors = ordering.nonFieldErrors;
      throw new ValidationError(errors);
    }
    if (ordering.trainingErrors.length) errors.nonFieldErrors = ordering.trainingErrors;
    if (hasErrors(errors)) throw new ValidationError(errors);
    if (ordering.trialId) await refuseFullTrial(tx, ordering.trialId);

    const code = await organisationCode(query, body.organisationId);
    const sequence = await nextCaseSequence(query, body.organisationId, ordering.interventionId);
    const caseIdentifier = formatCaseIdentifier(code, ordering.interventionPrefix, sequence);
    const caseId = await insertCase(query, {
      caseIdentifier,
      organisationId: body.organisationId,
      interventionId: ordering.interventionId,
      createdById: actor.userId,
      caseResponsibleId: responsibleId,
      trialId: ordering.trialId,
      isResearch: body.isResearch,
      isProspective: body.isProspective,
      patient: body.patientInformation,
      physicianComment: body.physicianComment,
      imagingDate: body.imagingDate ?? null,
      interventionDatetime: body.interventionDatetime ?? null,
      expectedDeliveryDatetime: body.expectedDeliveryDatetime,
    });
    await placeFirstOrders(
      tx,
      caseId,
      body.orders.map((order, index) => ({ ...order, isClinical: ordering.isClinical[index] ?? false })),
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'case.create',
      targetType: 'case',
      targetId: caseId,
      organisationId: body.organisationId,
      ip,
      details: { caseIdentifier, services: body.orders.map((o) => o.service), trialId: ordering.trialId },
    });
    return caseId;
  });
}
