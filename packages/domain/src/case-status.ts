import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { PERMISSIONS as P } from './permissions.ts';

/** What the case rules look at: the case and its orders as stored. */
export interface CaseFacts {
  status: CaseStatus;
  isResearch: boolean;
  orders: readonly { status: OrderStatus }[];
}

/** Who is acting: their permission strings and whether the case reached them by sharing. */
export interface CaseActor {
  permissions: ReadonlySet<string>;
  /** Shared-to users see the case but may not change its course (spec §4 "Cancel"). */
  isSharedToActor: boolean;
}

export type Decision = { allowed: true } | { allowed: false; reason: string };
const allow: Decision = { allowed: true };
const deny = (reason: string): Decision => ({ allowed: false, reason });

/** Spec §4: finished = completed, canceled or rejected. */
export const FINISHED_STATUSES: readonly CaseStatus[] = [
  CaseStatus.COMPLETED,
  CaseStatus.CANCELED,
  CaseStatus.REJECTED,
];
export const isFinished = (status: CaseStatus): boolean => FINISHED_STATUSES.includes(status);

export const hasDeliveredOrder = (facts: Pick<CaseFacts, 'orders'>): boolean =>
  facts.orders.some((order) => order.status === OrderStatus.DELIVERED);

/** Results were delivered once and later marked obsolete (superseded by a newer delivery, spec §4). */
export const hasObsoletedOrder = (facts: Pick<CaseFacts, 'orders'>): boolean =>
  facts.orders.some((order) => order.status === OrderStatus.OBSOLETED);

/** Spec §4: undelivered = no delivered order and not finished. */
export const isUndelivered = (facts: CaseFacts): boolean => !hasDeliveredOrder(facts) && !isFinished(facts.status);

export type CaseAction =
  | 'submit'
  | 'startProcessing'
  | 'markInvalidInput'
  | 'markNotProcessable'
  | 'cancel'
  | 'cancelUnderEvaluation'
  | 'reject'
  | 'complete'
  | 'reopen'
  | 'reopenForNewDelivery'
  | 'reprocess';

interface CaseTransition {
  from: readonly CaseStatus[];
  to: CaseStatus;
  /** The permission the actor needs; system transitions (the ingest job, deliveries) have none. */
  permission?: string;
  /** A rule on the case beyond its status, with the message shown when it fails. */
  guard?: { holds: (facts: CaseFacts) => boolean; reason: string };
}

const allOrdersInProgress = (facts: CaseFacts) =>
  facts.orders.length > 0 && facts.orders.every((order) => order.status === OrderStatus.IN_PROGRESS);
const openOrders = (facts: CaseFacts) =>
  facts.orders.filter((order) => order.status === OrderStatus.IN_PROGRESS || order.status === OrderStatus.DELIVERED);

/**
 * The case state machine of spec §4 as data. Services persist a transition with
 * `UPDATE … WHERE id = $1 AND status IN (from)`, so two concurrent requests cannot both apply it.
 */
export const CASE_TRANSITIONS: Readonly<Record<CaseAction, CaseTransition>> = {
  /**
   * Images uploaded and confirmed; after invalid input the physician uploads again from the same case
   * (issue 17 §1), so the new upload submits it as the first one did.
   */
  submit: { from: [CaseStatus.CREATED, CaseStatus.INVALID_INPUT], to: CaseStatus.SUBMITTED },
  /** The ingest job prepared the study. */
  startProcessing: { from: [CaseStatus.SUBMITTED], to: CaseStatus.IN_PROGRESS },
  markInvalidInput: { from: [CaseStatus.SUBMITTED], to: CaseStatus.INVALID_INPUT },
  markNotProcessable: { from: [CaseStatus.SUBMITTED, CaseStatus.IN_PROGRESS], to: CaseStatus.COULD_NOT_BE_PROCESSED },
  /** Staff process the images again (e.g. with another series) after ingest found nothing usable or failed. */
  reprocess: {
    from: [CaseStatus.INVALID_INPUT, CaseStatus.COULD_NOT_BE_PROCESSED],
    to: CaseStatus.SUBMITTED,
    permission: P.changeStudy,
  },
  /** Spec §4 names created and submitted; a case whose images were unusable may be given up too (issue 17 §1). */
  cancel: {
    from: [CaseStatus.CREATED, CaseStatus.SUBMITTED, CaseStatus.INVALID_INPUT],
    to: CaseStatus.CANCELED,
    permission: P.cancelCase,
  },
  cancelUnderEvaluation: {
    from: [CaseStatus.IN_PROGRESS],
    to: CaseStatus.CANCELED,
    permission: P.cancelUnderEvaluationCase,
    guard: { holds: allOrdersInProgress, reason: 'A case with delivered or canceled analyses cannot be canceled.' },
  },
  reject: {
    from: [CaseStatus.IN_PROGRESS],
    to: CaseStatus.REJECTED,
    permission: P.addCaseRejection,
    guard: {
      holds: (facts) => !hasDeliveredOrder(facts),
      reason: 'A case with a delivered analysis cannot be rejected.',
    },
  },
  /** The last open order was delivered. */
  complete: {
    from: [CaseStatus.IN_PROGRESS],
    to: CaseStatus.COMPLETED,
    guard: {
      holds: (facts) => {
        const open = openOrders(facts);
        return open.length > 0 && open.every((order) => order.status === OrderStatus.DELIVERED);
      },
      reason: 'Not every analysis of this case is delivered yet.',
    },
  },
  /** A research delivery was taken back, so the case is under evaluation again. */
  reopen: {
    from: [CaseStatus.COMPLETED],
    to: CaseStatus.IN_PROGRESS,
    guard: { holds: (facts) => facts.isResearch, reason: 'Only research cases can be reopened.' },
  },
  /**
   * Issue 30 §2: marking a delivery obsolete promises a newer one, so a completed case whose results were
   * obsoleted takes a duplicate of that order and is under evaluation again until it is delivered.
   */
  reopenForNewDelivery: {
    from: [CaseStatus.COMPLETED],
    to: CaseStatus.IN_PROGRESS,
    permission: P.duplicateOrder,
    guard: { holds: hasObsoletedOrder, reason: 'Only a case with an obsoleted delivery can be ordered again.' },
  },
};

const STATUS_WORDS: Record<CaseStatus, string> = {
  0: 'created',
  1: 'submitted',
  2: 'in progress',
  3: 'completed',
  4: 'canceled',
  5: 'marked as invalid input',
  6: 'marked as could not be processed',
  7: 'rejected',
};
export const caseStatusWord = (status: CaseStatus): string => STATUS_WORDS[status];

/** Why a case in this status refuses an action, in the words a user reads in a tooltip or an error. */
const STATUS_REASONS: Record<CaseStatus, string> = {
  0: 'This case is still waiting for its images.',
  1: 'The images of this case have not been accepted yet.',
  2: 'This case is in progress.',
  3: 'This case is completed.',
  4: 'This case is canceled.',
  5: 'This case was marked as invalid input.',
  6: 'This case was marked as could not be processed.',
  7: 'This case is rejected.',
};
export const caseStatusReason = (status: CaseStatus): string => STATUS_REASONS[status];

/** Whether a transition applies to this case now (status and guard), without asking who acts. */
export function transitionDecision(action: CaseAction, facts: CaseFacts): Decision {
  const transition = CASE_TRANSITIONS[action];
  if (!transition.from.includes(facts.status)) return deny(caseStatusReason(facts.status));
  if (transition.guard && !transition.guard.holds(facts)) return deny(transition.guard.reason);
  return allow;
}

const mayAct = (action: CaseAction, actor: CaseActor): boolean => {
  const permission = CASE_TRANSITIONS[action].permission;
  return permission === undefined || actor.permissions.has(permission);
};

/**
 * Spec §4 "Cancel": from created or submitted with the cancel permission; from in progress when every
 * order is in progress and the actor may cancel under-evaluation cases; never for a case shared to the
 * actor. Answers which transition applies, so the service persists exactly that one.
 */
export function cancelDecision(
  facts: CaseFacts,
  actor: CaseActor,
):
  | { allowed: true; action: 'cancel' | 'cancelUnderEvaluation' }
  | { allowed: false; reason: string; forbidden: boolean } {
  if (actor.isSharedToActor)
    return { allowed: false, reason: 'A case shared with you cannot be canceled.', forbidden: true };
  const action = facts.status === CaseStatus.IN_PROGRESS ? 'cancelUnderEvaluation' : 'cancel';
  if (!mayAct(action, actor)) {
    return { allowed: false, reason: 'You do not have permission to cancel this case.', forbidden: true };
  }
  const decision = transitionDecision(action, facts);
  return decision.allowed ? { allowed: true, action } : { ...decision, forbidden: false };
}

/** Spec §4 "Reject": only from in progress, and only if no order is delivered. */
export function rejectDecision(
  facts: CaseFacts,
  actor: Pick<CaseActor, 'permissions'>,
): { allowed: true } | { allowed: false; reason: string; forbidden: boolean } {
  if (!actor.permissions.has(P.addCaseRejection)) {
    return { allowed: false, reason: 'You do not have permission to reject this case.', forbidden: true };
  }
  const decision = transitionDecision('reject', facts);
  return decision.allowed ? decision : { ...decision, forbidden: false };
}

/** Derived field canBeCanceled of spec §3, for the actor. */
export const canBeCanceled = (facts: CaseFacts, actor: CaseActor): boolean => cancelDecision(facts, actor).allowed;

/** Derived field isRejectable of spec §3 (status and orders only; the permission is the caller's). */
export const isRejectable = (facts: CaseFacts): boolean => transitionDecision('reject', facts).allowed;

/** Spec §4: the viewer is reachable only with a study, access not denied, and in progress or completed. */
export const isViewerAccessible = (facts: { status: CaseStatus; hasStudy: boolean; accessDenied: boolean }): boolean =>
  facts.hasStudy &&
  !facts.accessDenied &&
  (facts.status === CaseStatus.IN_PROGRESS || facts.status === CaseStatus.COMPLETED);
