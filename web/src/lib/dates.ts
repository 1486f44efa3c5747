/**
 * The one way the web shows a date or a time (issue 30 §13): "28 Nov 2026, 17:22". Day first with the
 * month in words, so 11/12 is never read as 12 November by one user and 11 December by another; the
 * 24-hour clock; the browser's time zone. The spec's display settings (hide patient identifiers, table
 * view) name no date format, so every user gets this one. Nothing else in web/src formats dates
 * (tooling/date-format-use.test.ts).
 */
type DateValue = string | Date | null | undefined;

const LOCALE = 'en-GB';
const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const TIME_SECONDS = { ...TIME, second: '2-digit' } as const;

const formats = {
  dateTime: new Intl.DateTimeFormat(LOCALE, { ...DATE, ...TIME }),
  dateTimeSeconds: new Intl.DateTimeFormat(LOCALE, { ...DATE, ...TIME_SECONDS }),
  date: new Intl.DateTimeFormat(LOCALE, DATE),
  // A calendar day ("2026-11-28", an imaging date) names no instant: read in UTC it is that day everywhere.
  calendarDay: new Intl.DateTimeFormat(LOCALE, { ...DATE, timeZone: 'UTC' }),
  time: new Intl.DateTimeFormat(LOCALE, TIME),
  timeSeconds: new Intl.DateTimeFormat(LOCALE, TIME_SECONDS),
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Options of every formatter: the text for a missing or unreadable value ('—' unless given). */
interface FormatOptions {
  empty?: string;
  /** Seconds too, where they tell events apart (job timings, the audit trail). */
  seconds?: boolean;
}

/** "28 Nov 2026, 17:22" (with seconds: "28 Nov 2026, 17:22:05"). */
export function formatDateTime(value: DateValue, { empty = '—', seconds = false }: FormatOptions = {}): string {
  const date = instant(value);
  if (!date) return empty;
  return (seconds ? formats.dateTimeSeconds : formats.dateTime).format(date);
}

/** "28 Nov 2026"; a calendar day ("2026-11-28") is that day whatever the browser's time zone. */
export function formatDate(value: DateValue, { empty = '—' }: Pick<FormatOptions, 'empty'> = {}): string {
  const date = instant(value);
  if (!date) return empty;
  return (typeof value === 'string' && CALENDAR_DAY.test(value) ? formats.calendarDay : formats.date).format(date);
}

/** "17:22" (with seconds: "17:22:05"), for times beside a date shown elsewhere (a job's log lines). */
export function formatTime(value: DateValue, { empty = '—', seconds = false }: FormatOptions = {}): string {
  const date = instant(value);
  if (!date) return empty;
  return (seconds ? formats.timeSeconds : formats.time).format(date);
}
