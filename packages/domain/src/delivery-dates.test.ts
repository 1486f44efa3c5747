import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  DELIVERY_NOT_GUARANTEED_WARNING,
  DELIVERY_PASSED_WARNING,
  deliveryStatusWarning,
  HOURLY_TIMES,
  isDeliveryTooSoon,
  leadTimeBusinessDays,
  leadTimeHours,
} from './delivery-dates.ts';

const at = (iso: string) => new Date(iso);

describe('lead times (spec §9)', () => {
  it.each([
    ['LAAO', 24, 1],
    ['TAVI', 48, 2],
    ['TMVR', 48, 2],
    ['NV', 48, 2],
  ])('%s: %i hours, %i business days', (prefix, hours, days) => {
    expect(leadTimeHours(prefix)).toBe(hours);
    expect(leadTimeBusinessDays(prefix)).toBe(days);
  });

  it('lists hourly times from 00:00 to 23:00', () => {
    expect(HOURLY_TIMES).toHaveLength(24);
    expect(HOURLY_TIMES[0]).toBe('00:00');
    expect(HOURLY_TIMES[23]).toBe('23:00');
  });
});

describe('addBusinessDays', () => {
  it.each([
    ['Monday + 2', '2026-11-23T10:00:00Z', 2, '2026-11-25T10:00:00Z'],
    ['Thursday + 2 skips the weekend', '2026-11-26T10:00:00Z', 2, '2026-11-30T10:00:00Z'],
    ['Friday + 1', '2026-11-27T10:00:00Z', 1, '2026-11-30T10:00:00Z'],
    ['Saturday + 1', '2026-11-28T10:00:00Z', 1, '2026-11-30T10:00:00Z'],
    ['+ 0', '2026-11-28T10:00:00Z', 0, '2026-11-28T10:00:00Z'],
  ])('%s', (_, from, days, expected) => {
    expect(addBusinessDays(at(from), days).toISOString()).toBe(at(expected).toISOString());
  });

  it('refuses negative or fractional days', () => {
    expect(() => addBusinessDays(new Date(), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(new Date(), 1.5)).toThrow(RangeError);
  });
});

describe('delivery warnings (spec §5)', () => {
  const now = at('2026-11-23T10:00:00Z');
  it.each([
    ['LAAO 23 h ahead', 'LAAO', '2026-11-24T09:00:00Z', true],
    ['LAAO 24 h ahead', 'LAAO', '2026-11-24T10:00:00Z', false],
    ['TAVI 47 h ahead', 'TAVI', '2026-11-25T09:00:00Z', true],
    ['TAVI 48 h ahead', 'TAVI', '2026-11-25T10:00:00Z', false],
  ])('new analysis: %s → too soon %s', (_, prefix, expected, tooSoon) => {
    expect(isDeliveryTooSoon(at(expected), now, prefix)).toBe(tooSoon);
  });

  it.each([
    ['no date', null, 'TAVI', null],
    ['passed', '2026-11-23T09:00:00Z', 'TAVI', DELIVERY_PASSED_WARNING],
    ['earlier than we can deliver', '2026-11-24T10:00:00Z', 'TAVI', DELIVERY_NOT_GUARANTEED_WARNING],
    ['exactly the earliest date', '2026-11-25T10:00:00Z', 'TAVI', null],
    ['LAAO one business day ahead', '2026-11-24T10:00:00Z', 'LAAO', null],
  ])('created case: %s', (_, expected, prefix, warning) => {
    expect(deliveryStatusWarning(expected ? at(expected) : null, now, prefix)).toBe(warning);
  });
});
