/** A date input's day (YYYY-MM-DD) as the instant it starts, in the browser's time zone; '' when empty. */
export const startOfDay = (day: string): string => (day ? new Date(`${day}T00:00:00`).toISOString() : '');

/** The instant after the given day ends, so `until` (exclusive) includes the whole day. */
export function endOfDay(day: string): string {
  if (!day) return '';
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCaseId = (text: string): boolean => UUID.test(text.trim());

/** One line of an event's details for the table; the whole JSON is in the row's tooltip. */
export const detailsSummary = (details: Record<string, unknown>): string => {
  const text = JSON.stringify(details);
  return text === '{}' ? '' : text.length > 80 ? `${text.slice(0, 79)}…` : text;
};
