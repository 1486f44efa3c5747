import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates.ts';

// Built in the local time zone, so the expectations hold wherever the tests run.
const evening = new Date(2026, 10, 28, 17, 22, 5);

describe('the one date format (issue 30 §13)', () => {
  it('shows day, month in words, year and the 24-hour time', () => {
    expect(formatDateTime(evening.toISOString())).toBe('28 Nov 2026, 17:22');
    expect(formatDateTime(evening)).toBe('28 Nov 2026, 17:22');
    expect(formatDateTime(evening, { seconds: true })).toBe('28 Nov 2026, 17:22:05');
    expect(formatDateTime(new Date(2026, 0, 3, 8, 5))).toBe('3 Jan 2026, 08:05');
  });

  it('never the US order or a 12-hour clock', () => {
    const text = formatDateTime(evening);
    expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
    expect(text).not.toMatch(/[AP]M/);
  });

  it('dates alone, and a calendar day as that day in any time zone', () => {
    expect(formatDate(evening.toISOString())).toBe('28 Nov 2026');
    expect(formatDate('2026-11-28')).toBe('28 Nov 2026');
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
  });

  it('times alone', () => {
    expect(formatTime(evening.toISOString())).toBe('17:22');
    expect(formatTime(evening, { seconds: true })).toBe('17:22:05');
  });

  it('says what is missing or unreadable in the caller words', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined, { empty: 'Never' })).toBe('Never');
    expect(formatDate('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatTime(null, { empty: '' })).toBe('');
  });
});
