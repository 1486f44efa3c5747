import { CaseStatus as C, OrderStatus as O } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { type OrderAction, ordersAffectedByDeviceChange, orderTransitionDecision } from './order-status.ts';

const ORDER_STATUSES = Object.values(O);

describe('order transitions (spec §4)', () => {
  const allowedFrom: Record<OrderAction, number[]> = {
    deliver: [O.IN_PROGRESS],
    undeliver: [O.DELIVERED],
    obsolete: [O.DELIVERED],
    cancel: [O.IN_PROGRESS],
  };
  // A case in which every case guard holds, so only the order's own status decides.
  const openResearchCase = { status: C.IN_PROGRESS, isResearch: true };
  for (const action of Object.keys(allowedFrom) as OrderAction[]) {
    for (const status of ORDER_STATUSES) {
      const expected = allowedFrom[action].includes(status);
      it(`${action} from ${status} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(orderTransitionDecision(action, { status }, openResearchCase).allowed).toBe(expected);
      });
    }
  }

  it.each(Object.values(C).filter((s) => s !== C.IN_PROGRESS))('refuses to deliver while the case is %i', (status) => {
    expect(orderTransitionDecision('deliver', { status: O.IN_PROGRESS }, { status, isResearch: false })).toEqual({
      allowed: false,
      reason: 'Results can be delivered only while the case is in progress.',
    });
  });

  it('undelivers only on a research case', () => {
    expect(
      orderTransitionDecision('undeliver', { status: O.DELIVERED }, { status: C.COMPLETED, isResearch: true }).allowed,
    ).toBe(true);
    expect(
      orderTransitionDecision('undeliver', { status: O.DELIVERED }, { status: C.IN_PROGRESS, isResearch: false }),
    ).toEqual({
      allowed: false,
      reason: 'Only deliveries of research cases can be taken back: mark the case as research in "Edit case" first.',
    });
  });

  it('changes devices only on orders in progress', () => {
    const orders = ORDER_STATUSES.map((status, id) => ({ id, status }));
    expect(ordersAffectedByDeviceChange(orders).map((o) => o.status)).toEqual([O.IN_PROGRESS]);
  });
});
