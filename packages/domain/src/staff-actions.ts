import { type CaseStatus, OrderStatus } from '@cardiomap/contract';
import {
  type CaseFacts,
  cancelDecision,
  isFinished,
  isUndelivered,
  rejectDecision,
  transitionDecision,
} from './case-status.ts';
import { orderTransitionDecision } from './order-status.ts';
import { PERMISSIONS as P } from './permissions.ts';

/**
 * What the case detail shows of one action (issue 17 §1): hidden from users who may never take it,
 * shown and usable when the rules allow it now, or shown disabled with the reason why not (the tooltip).
 * The server applies the same rules (case-status.ts, order-status.ts) and answers 403/409 with the
 * same words, so what the page says and what the API does cannot drift apart.
 */
export type ActionState =
  | { show: false }
  | { show: true; allowed: true }
  | { show: true; allowed: false; reason: string };

const hidden: ActionState = { show: false };
const allowed: ActionState = { show: true, allowed: true };
const disabled = (reason: string): ActionState => ({ show: true, allowed: false, reason });

type Permissions = ReadonlySet<string>;

/** The case as these rules see it: its facts plus whether it reached the user only by sharing. */
export interface StaffCaseFacts extends CaseFacts {
  isSharedToActor: boolean;
  hasStudy: boolean;
}

/** One order as these rules see it (spec §3 Order). */
export interface StaffOrderFacts {
  status: OrderStatus;
  degradation: unknown | null;
}

const finishedReason = (status: CaseStatus) => (isFinished(status) ? 'This case is finished.' : null);

/** Staff process research and non-research cases under separate permissions (spec §6). */
export function processingRefusal(permissions: Permissions, facts: Pick<CaseFacts, 'isResearch'>): string | null {
  if (facts.isResearch) {
    return permissions.has(P.processResearchCase) ? null : 'You do not have permission to process research cases.';
  }
  return permissions.has(P.processNonResearchCase) ? null : 'You do not have permission to process non-research cases.';
}

const orderMove = (
  action: 'deliver' | 'undeliver' | 'obsolete',
  permissions: Permissions,
  facts: StaffCaseFacts,
  order: StaffOrderFacts,
): ActionState => {
  const refusal = processingRefusal(permissions, facts);
  if (refusal) return disabled(refusal);
  const decision = orderTransitionDecision(action, order, facts);
  return decision.allowed ? allowed : disabled(decision.reason);
};

/** Deliver an order in progress (spec §4: the order and the case both in progress). */
export function deliverAction(permissions: Permissions, facts: StaffCaseFacts, order: StaffOrderFacts): ActionState {
  if (!permissions.has(P.addDelivery) || order.status !== OrderStatus.IN_PROGRESS) return hidden;
  return orderMove('deliver', permissions, facts, order);
}

/** Take a delivery back (spec §4: delivered, and only for research cases). */
export function undeliverAction(permissions: Permissions, facts: StaffCaseFacts, order: StaffOrderFacts): ActionState {
  if (!permissions.has(P.deleteDelivery) || order.status !== OrderStatus.DELIVERED) return hidden;
  return orderMove('undeliver', permissions, facts, order);
}

/** Mark a delivery obsolete, superseded by a newer one. */
export function obsoleteAction(permissions: Permissions, facts: StaffCaseFacts, order: StaffOrderFacts): ActionState {
  if (!permissions.has(P.addDelivery) || order.status !== OrderStatus.DELIVERED) return hidden;
  return orderMove('obsolete', permissions, facts, order);
}

/** Mark an order's results non-clinical, once, while they exist or are being made. */
export function degradeAction(permissions: Permissions, order: StaffOrderFacts): ActionState {
  if (!permissions.has(P.addDegradation)) return hidden;
  if (order.status !== OrderStatus.IN_PROGRESS && order.status !== OrderStatus.DELIVERED) return hidden;
  return order.degradation ? disabled('This analysis is already marked non-clinical.') : allowed;
}

/**
 * Order the same analysis again; never on a case shared to the user, nor on a finished case, except the
 * order whose delivery was obsoleted on a completed case: its duplicate makes the promised newer delivery
 * and reopens the case (issue 30 §2, CASE_TRANSITIONS.reopenForNewDelivery).
 */
export function duplicateOrderAction(
  permissions: Permissions,
  facts: StaffCaseFacts,
  order?: Pick<StaffOrderFacts, 'status'>,
): ActionState {
  if (!permissions.has(P.duplicateOrder) || facts.isSharedToActor) return hidden;
  if (order?.status === OrderStatus.OBSOLETED && transitionDecision('reopenForNewDelivery', facts).allowed) {
    return allowed;
  }
  const finished = finishedReason(facts.status);
  return finished ? disabled(finished) : allowed;
}

/** Order a simulation on the case (spec §2 dialogs: users who can add orders). */
export function orderSimulationAction(permissions: Permissions, facts: StaffCaseFacts): ActionState {
  if (!permissions.has(P.addOrder) || facts.isSharedToActor) return hidden;
  const finished = finishedReason(facts.status);
  return finished ? disabled(finished) : allowed;
}

/** Spec §4 "Reject": in progress and nothing delivered. */
export function rejectAction(permissions: Permissions, facts: StaffCaseFacts): ActionState {
  if (!permissions.has(P.addCaseRejection) || facts.isSharedToActor) return hidden;
  const decision = rejectDecision(facts, { permissions });
  return decision.allowed ? allowed : disabled(decision.reason);
}

/** Spec §4 "Cancel", for users holding either cancel permission. */
export function cancelAction(permissions: Permissions, facts: StaffCaseFacts): ActionState {
  if (facts.isSharedToActor) return hidden;
  if (!permissions.has(P.cancelCase) && !permissions.has(P.cancelUnderEvaluationCase)) return hidden;
  const decision = cancelDecision(facts, { permissions, isSharedToActor: facts.isSharedToActor });
  return decision.allowed ? allowed : disabled(decision.reason);
}

/** Spec §6 cases.assign_case_responsible; a finished case keeps who was responsible for it. */
export function assignResponsibleAction(permissions: Permissions, facts: StaffCaseFacts): ActionState {
  if (!permissions.has(P.assignCaseResponsible) || facts.isSharedToActor) return hidden;
  return allowed;
}

/** Share by e-mail (spec §6 cases.add_sharedcase); not re-shared by those it was shared with. */
export function shareAction(permissions: Permissions, facts: StaffCaseFacts): ActionState {
  return permissions.has(P.addSharedCase) && !facts.isSharedToActor ? allowed : hidden;
}

/**
 * The advanced case options (spec §6 simulations.change_study) for a case with a study: the scene order
 * (PATCH studies/{id}/) and the default phase, which the server refuses without that permission or to a
 * case reached only by a share, so the button is hidden then too. Within them the volume's interpolation
 * follows spec §6 "Set interpolation": undelivered, unfinished case plus simulations.change_studyresource.
 */
export function studyOptionsAction(permissions: Permissions, facts: StaffCaseFacts): ActionState {
  if (!permissions.has(P.changeStudy) || !facts.hasStudy || facts.isSharedToActor) return hidden;
  return allowed;
}

export function interpolationAction(permissions: Permissions, facts: StaffCaseFacts): ActionState {
  if (!permissions.has(P.changeStudyResource)) {
    return disabled('You do not have permission to change the interpolation type.');
  }
  if (!isUndelivered(facts)) {
    return disabled(
      'The interpolation type can only be changed while the case is unfinished and nothing is delivered.',
    );
  }
  return allowed;
}
