import type { Case, CaseStatus, OrderStatus } from '@cardiomap/contract';
import { deliveryStatusWarning, isUndelivered } from '@cardiomap/domain';
import { Alert } from '@mui/material';

/** Spec §5 "Delivery-status warnings", shown only while the case is undelivered (spec §4). */
export function DeliveryStatusWarning({ kase, now = new Date() }: { kase: Case; now?: Date }) {
  const facts = {
    status: kase.status as CaseStatus,
    isResearch: kase.isResearch,
    orders: kase.orders.map((o) => ({ status: o.status as OrderStatus })),
  };
  if (!isUndelivered(facts)) return null;
  const expected = kase.expectedDeliveryDatetime ? new Date(kase.expectedDeliveryDatetime) : null;
  const warning = deliveryStatusWarning(expected, now, kase.intervention.prefix);
  return warning ? <Alert severity="warning">{warning}</Alert> : null;
}
