import type { rejectCaseSchema } from '@cardiomap/contract';
import { cancelDecision, PERMISSIONS, rejectDecision } from '@cardiomap/domain';
import type { z } from 'zod';
import { findVisibleCase } from '../../access/case-access.ts';
import type { Db } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, forbidden } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { type Notifier, notifyRejected } from '../notifications/index.ts';
import { applyCaseTransition } from './case-transition.ts';
import { RESPONSIBLE_MAY_NOT_REQUEST } from './create-case.ts';
import { rejectionReasonExists, responsibleStanding, updateCase } from './repository.ts';

/** Lost a race (another request moved the case first) or the status never allowed it. */
const ALREADY_CHANGED = 'This case was changed by someone else in the meantime. Reload it and try again.';
export const UNKNOWN_REJECTION_REASON = 'Select a valid rejection reason.';
export const SHARED_NOT_REJECTABLE = 'A case shared with you cannot be rejected.';
export const ASSIGNEE_NOT_A_MEMBER = "This user is not a member of the case's organisation.";

/**
 * PUT cases/{id}/cancel/ (spec §4 "Cancel"): 403 when the actor may not, 409 when the status does not
 * allow it. The case row is locked before anything is read, so a delivery or another cancel that got there
 * first is seen, never overwritten.
 */
export async function cancelCase(db: Db, actor: Actor, caseId: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findVisibleCase(tx, actor, caseId, { forUpdate: true });
    const decision = cancelDecision(found, { permissions: actor.permissions, isSharedToActor: found.isSharedToActor });
    if (!decision.allowed) throw decision.forbidden ? forbidden(decision.reason) : conflict(decision.reason);
    const moved = await applyCaseTransition(tx, caseId, decision.action, { by: actor.userId, ip });
    if (!moved.applied) throw conflict(ALREADY_CHANGED);
  });
}

/** PUT cases/{id}/reject/ (spec §4 "Reject"): only in progress and with nothing delivered. */
export async function rejectCase(
  db: Db,
  actor: Actor,
  caseId: string,
  body: z.output<typeof rejectCaseSchema>,
  ip: string,
  notifier: Notifier,
): Promise<void> {
  const mails = await db.transaction(async (tx) => {
    const query = queryOn(tx);
    const found = await findVisibleCase(tx, actor, caseId, { forUpdate: true });
    // Like cancel: a case that reached the actor only by sharing is followed, not decided on.
    if (found.isSharedToActor) throw forbidden(SHARED_NOT_REJECTABLE);
    const decision = rejectDecision(found, actor);
    if (!decision.allowed && decision.forbidden) throw forbidden(decision.reason);
    if (!(await rejectionReasonExists(query, body.reasonId))) throw fieldError('reasonId', UNKNOWN_REJECTION_REASON);
    if (!decision.allowed) throw conflict(decision.reason);
    const moved = await applyCaseTransition(tx, caseId, 'reject', {
      by: actor.userId,
      ip,
      extra: { analystComment: body.comment, rejectionReasonId: body.reasonId },
      details: { reasonId: body.reasonId },
      notify: (txQuery) =>
        notifyRejected(txQuery, { caseId, reasonId: body.reasonId, actorId: actor.userId, baseUrl: notifier.baseUrl }),
    });
    if (!moved.applied) throw conflict(ALREADY_CHANGED);
    return moved.mails;
  });
  await notifier.dispatch(mails);
}

/** PUT cases/{id}/assign-case-responsible/: a member of the case's organisation becomes responsible. */
export async function assignCaseResponsible(
  db: Db,
  actor: Actor,
  caseId: string,
  userId: string,
  ip: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const query = queryOn(tx);
    const found = await findVisibleCase(tx, actor, caseId);
    if (!actor.permissions.has(PERMISSIONS.assignCaseResponsible) || found.isSharedToActor) {
      throw forbidden('You do not have permission to assign a case responsible.');
    }
    const standing = await responsibleStanding(query, userId, found.organisationId);
    if (standing === 'outsider') throw fieldError('caseResponsibleId', ASSIGNEE_NOT_A_MEMBER);
    if (standing === 'member') throw fieldError('caseResponsibleId', RESPONSIBLE_MAY_NOT_REQUEST);
    await updateCase(query, caseId, { case_responsible_id: userId });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'case.assign_responsible',
      targetType: 'case',
      targetId: caseId,
      organisationId: found.organisationId,
      ip,
      details: { caseResponsibleId: userId, previous: found.caseResponsibleId },
    });
  });
}
