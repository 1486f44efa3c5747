import { CaseStatus, OrderStatus, SERVICE_LABELS, type Service } from '@cardiomap/contract';

export { formatDate, formatDateTime } from '../../../lib/dates.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  0: 'In progress',
  1: 'Canceled',
  2: 'Delivered',
  3: 'Obsoleted',
};
export const orderStatusLabel = (status: number): string => ORDER_STATUS_LABELS[status as OrderStatus] ?? 'Unknown';
/**
 * An open order of a case that has no accepted images yet is not being worked on: it says what it waits
 * for rather than "In progress" (issue 30 #11).
 */
export function orderStatusInCase(orderStatus: number, caseStatus: number): string {
  if (orderStatus === OrderStatus.IN_PROGRESS && caseStatus === CaseStatus.CREATED) return 'Waiting for images';
  if (orderStatus === OrderStatus.IN_PROGRESS && caseStatus === CaseStatus.SUBMITTED) {
    return 'Waiting for the images to be accepted';
  }
  return orderStatusLabel(orderStatus);
}
export const serviceLabel = (service: number): string => SERVICE_LABELS[service as Service] ?? 'Unknown';

export const NOT_FOR_MEDICAL_USE = 'Not intended for medical use';
/** Spec §8: what a non-clinical order says when no degradation remark explains it. */
export const NON_CLINICAL_LICENCE_REMARK =
  'The results of this case cannot be used for clinical purposes because the organization only has a non-clinical device license for this device.';
