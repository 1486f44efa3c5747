/**
 * Dates travel as instants with an offset (architecture.md §4) but are picked as a local calendar day
 * (native date input) plus an hour from the hourly list (spec §9). These helpers convert between them.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of an instant, as a date input holds it (YYYY-MM-DD). */
export const localDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The local hour of an instant, as the hourly time list holds it (HH:00). */
export const localHour = (date: Date): string => `${pad(date.getHours())}:00`;

/**
 * The imaging date is a day without a time; it travels as local noon, so that a reader a few time zones
 * away still sees the same calendar day.
 */
export const IMAGING_TIME = '12:00';

/** A local day and time of day as an instant. */
export const toInstant = (day: string, time: string): Date => new Date(`${day}T${time}:00`);

/**
 * A local day and time of day as the wire carries it: ISO 8601 with the user's own offset, because the
 * server judges "today" (spec §5 date rules) in the offset a date was sent with.
 */
export function toWire(day: string, time: string): string {
  const east = -toInstant(day, time).getTimezoneOffset();
  const sign = east < 0 ? '-' : '+';
  const minutes = Math.abs(east);
  return `${day}T${time}:00${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A wire instant split into the local day and hour the form edits; empty when absent. */
export function fromWire(value: string | null): { day: string; time: string } {
  if (!value) return { day: '', time: '' };
  const date = new Date(value);
  return { day: localDay(date), time: localHour(date) };
}
