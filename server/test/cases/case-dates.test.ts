import { describe, expect, it } from 'vitest';
import { caseDateErrors, compareWithToday } from '../../src/modules/cases/case-dates.ts';

describe('case dates are judged on the sender’s calendar day (spec §5)', () => {
  const now = new Date('2026-11-24T03:00:00Z');

  it.each([
    ['2026-11-23T23:30:00-05:00', 0, 'still the 23rd in New York, as now is'],
    ['2026-11-23T23:30:00Z', -1, 'yesterday in UTC'],
    ['2026-11-24T09:00:00+10:00', 0, 'the 24th in Melbourne, as now is'],
    ['2026-11-25T00:00:00+01:00', 1, 'tomorrow in Rotterdam'],
    ['2026-11-22T10:00:00-05:00', -1, 'the day before in New York'],
  ])('%s is %i (%s)', (date, expected) => {
    expect(compareWithToday(date, now)).toBe(expected);
  });

  it('accepts today for the delivery and either side of today by the prospective flag', () => {
    expect(caseDateErrors({ expectedDeliveryDatetime: '2026-11-24T07:00:00Z', isProspective: true }, now)).toEqual({});
    expect(caseDateErrors({ interventionDatetime: '2026-11-24T08:00:00Z', isProspective: false }, now)).toEqual({});
    expect(caseDateErrors({ interventionDatetime: '2026-11-20T08:00:00Z', isProspective: false }, now)).toEqual({});
    expect(caseDateErrors({ interventionDatetime: null, isProspective: true }, now)).toEqual({});
  });
});
