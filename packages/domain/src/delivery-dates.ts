/**
 * Delivery dates of spec §5 and §9: lead times, business days, default times and the warnings shown
 * on the new-analysis form and on a created case. Times are handled as instants (Date); which clock a
 * time-of-day belongs to is the caller's business.
 */

/** Spec §9: 24 hours for LAAO, 48 otherwise; the lead-time call argument is 1 for LAAO, 2 otherwise. */
export const leadTimeHours = (interventionPrefix: string): number => (interventionPrefix === 'LAAO' ? 24 : 48);
export const leadTimeBusinessDays = (interventionPrefix: string): number => (interventionPrefix === 'LAAO' ? 1 : 2);

export const DEFAULT_DELIVERY_TIME = '07:00';
export const DEFAULT_INTERVENTION_TIME = '08:00';
/** Spec §9: time lists are hourly, 00:00 to 23:00. */
export const HOURLY_TIMES: readonly string[] = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** The instant `days` business days (Monday to Friday, UTC) after `from`, same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a non-negative integer');
  const result = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    if (!isWeekend(result)) left--;
  }
  return result;
}

export const DELIVERY_TOO_SOON_WARNING =
  'Selected date is less than 24hrs (LAAO) or 48hrs (other). We cannot guarantee the results will be delivered by the date set.';

/** Spec §5: the new-analysis form warns when the expected delivery is inside the lead time. */
export const isDeliveryTooSoon = (expected: Date, now: Date, interventionPrefix: string): boolean =>
  expected.getTime() - now.getTime() < leadTimeHours(interventionPrefix) * 3_600_000;

export const DELIVERY_PASSED_WARNING = 'Expected delivery date has passed. Please contact support.';
export const DELIVERY_NOT_GUARANTEED_WARNING = 'Expected delivery date no longer guaranteed. Please contact support.';

/**
 * Spec §5 "Delivery-status warnings" for an undelivered case: the date has passed, or the earliest date
 * we can still deliver (now plus the lead time) is later than the expected date.
 */
export function deliveryStatusWarning(
  expected: Date | null,
  now: Date,
  interventionPrefix: string,
): typeof DELIVERY_PASSED_WARNING | typeof DELIVERY_NOT_GUARANTEED_WARNING | null {
  if (!expected) return null;
  if (expected.getTime() < now.getTime()) return DELIVERY_PASSED_WARNING;
  const earliest = addBusinessDays(now, leadTimeBusinessDays(interventionPrefix));
  return earliest.getTime() > expected.getTime() ? DELIVERY_NOT_GUARANTEED_WARNING : null;
}
