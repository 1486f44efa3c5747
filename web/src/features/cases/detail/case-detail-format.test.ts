import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { orderStatusInCase } from './case-detail-format.ts';

describe('order status as the case detail shows it (issue 30 #11)', () => {
  it('says an open order waits for images while the case has none accepted', () => {
    expect(orderStatusInCase(OrderStatus.IN_PROGRESS, CaseStatus.CREATED)).toBe('Waiting for images');
    expect(orderStatusInCase(OrderStatus.IN_PROGRESS, CaseStatus.SUBMITTED)).toBe(
      'Waiting for the images to be accepted',
    );
  });

  it('says "In progress" once the case is', () => {
    expect(orderStatusInCase(OrderStatus.IN_PROGRESS, CaseStatus.IN_PROGRESS)).toBe('In progress');
  });

  it("keeps a closed order's own status whatever the case's", () => {
    expect(orderStatusInCase(OrderStatus.CANCELED, CaseStatus.CREATED)).toBe('Canceled');
    expect(orderStatusInCase(OrderStatus.DELIVERED, CaseStatus.COMPLETED)).toBe('Delivered');
    expect(orderStatusInCase(OrderStatus.OBSOLETED, CaseStatus.IN_PROGRESS)).toBe('Obsoleted');
  });
});
