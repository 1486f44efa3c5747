import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from './date-fields.ts';

describe('dates on the wire', () => {
  it("sends a local day and hour with the user's own offset, which reads back as the same day and hour", () => {
    const wire = toWire('2099-05-06', '07:00');
    expect(wire).toMatch(/^2099-05-06T07:00:00[+-]\d{2}:\d{2}$/);
    expect(fromWire(wire)).toEqual({ day: '2099-05-06', time: '07:00' });
  });

  it('reads an absent date as empty fields', () => {
    expect(fromWire(null)).toEqual({ day: '', time: '' });
  });
});
