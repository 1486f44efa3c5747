/**
 * Spec §5 date rules ("minimum today", "maximum today") judged on the calendar day of the person who
 * chose the date: the day and "today" are both read in the offset the date was sent with.
 */
const OFFSET = /([+-])(\d{2}):?(\d{2})$|Z$/i;

function offsetMinutes(isoDateTime: string): number {
  const match = OFFSET.exec(isoDateTime);
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const dayAt = (instant: number, offset: number) => new Date(instant + offset * 60_000).toISOString().slice(0, 10);

/** -1 when the date's day is before today, 0 today, 1 after (both in the date's own offset). */
export function compareWithToday(isoDateTime: string, now: Date): -1 | 0 | 1 {
  const offset = offsetMinutes(isoDateTime);
  const day = dayAt(Date.parse(isoDateTime), offset);
  const today = dayAt(now.getTime(), offset);
  return day < today ? -1 : day > today ? 1 : 0;
}

export const DELIVERY_IN_PAST = 'Ensure the expected delivery date is not in the past.';
export const PROSPECTIVE_IN_PAST = 'A prospective intervention date cannot be in the past.';
export const RETROSPECTIVE_IN_FUTURE = 'A retrospective intervention date cannot be in the future.';

/** Field errors of the case dates, only for the dates given. */
export function caseDateErrors(
  dates: { expectedDeliveryDatetime?: string; interventionDatetime?: string | null; isProspective: boolean },
  now: Date,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (dates.expectedDeliveryDatetime && compareWithToday(dates.expectedDeliveryDatetime, now) < 0) {
    errors.expectedDeliveryDatetime = [DELIVERY_IN_PAST];
  }
  if (dates.interventionDatetime) {
    const day = compareWithToday(dates.interventionDatetime, now);
    if (dates.isProspective && day < 0) errors.interventionDatetime = [PROSPECTIVE_IN_PAST];
    if (!dates.isProspective && day > 0) errors.interventionDatetime = [RETROSPECTIVE_IN_FUTURE];
  }
  return errors;
}
