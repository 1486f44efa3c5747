import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import type { Decision } from './case-status.ts';

export type OrderAction = 'deliver' | 'undeliver' | 'obsolete' | 'cancel';

interface OrderTransition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** What the case must be for the order to move. */
  caseGuard?: { holds: (facts: { status: CaseStatus; isResearch: boolean }) => boolean; reason: string };
}

/** The order state machine of spec §4 as data; persisted with `WHERE status IN (from)` like cases. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, OrderTransition>> = {
  deliver: {
    from: [OrderStatus.IN_PROGRESS],
    to: OrderStatus.DELIVERED,
    caseGuard: {
      holds: (c) => c.status === CaseStatus.IN_PROGRESS,
      reason: 'Results can be delivered only while the case is in progress.',
    },
  },
  undeliver: {
    from: [OrderStatus.DELIVERED],
    to: OrderStatus.IN_PROGRESS,
    caseGuard: {
      holds: (c) => c.isResearch,
      reason: 'Only deliveries of research cases can be taken back: mark the case as research in "Edit case" first.',
    },
  },
  /** A delivery replaced by a newer one (PUT deliveries/{id}/obsolete/). */
  obsolete: { from: [OrderStatus.DELIVERED], to: OrderStatus.OBSOLETED },
  /** The case was canceled: its open orders go with it. */
  cancel: { from: [OrderStatus.IN_PROGRESS], to: OrderStatus.CANCELED },
};

const ORDER_WORDS: Record<OrderStatus, string> = { 0: 'in progress', 1: 'canceled', 2: 'delivered', 3: 'obsoleted' };

export function orderTransitionDecision(
  action: OrderAction,
  order: { status: OrderStatus },
  caseFacts: { status: CaseStatus; isResearch: boolean },
): Decision {
  const transition = ORDER_TRANSITIONS[action];
  if (!transition.from.includes(order.status))
    return { allowed: false, reason: `This analysis is ${ORDER_WORDS[order.status]}.` };
  if (transition.caseGuard && !transition.caseGuard.holds(caseFacts)) {
    return { allowed: false, reason: transition.caseGuard.reason };
  }
  return { allowed: true };
}

/** Spec §4: changing devices affects only orders in progress. */
export const ordersAffectedByDeviceChange = <T extends { status: OrderStatus }>(orders: readonly T[]): T[] =>
  orders.filter((order) => order.status === OrderStatus.IN_PROGRESS);
