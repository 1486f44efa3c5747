import { describe, expect, it } from 'vitest';
import { caseFixture, evolut, laao, order, sapien } from '../testing/case-fixtures.ts';
import { allowsSeveralDevices, deviceChangeFor } from './change-devices.ts';

const chosen = {
  deviceIds: [sapien.id, evolut.id],
  deviceVariantIds: [sapien.variants[0]!.id, evolut.variants[0]!.id],
};

describe('the devices of a changed order', () => {
  it('names only the first device, and its sizes, for a simulation order', () => {
    expect(deviceChangeFor({ service: 1 }, chosen, [sapien, evolut])).toEqual({
      deviceIds: [sapien.id],
      deviceVariantIds: [sapien.variants[0]!.id],
    });
  });

  it('names every chosen device for an anatomical order', () => {
    expect(deviceChangeFor({ service: 0 }, chosen, [sapien, evolut])).toEqual(chosen);
  });

  it.each([
    ['a TAVI case of anatomical analyses', caseFixture(), true],
    ['a TAVI case with a simulation in progress', caseFixture({ orders: [order(), order({ service: 1 })] }), false],
    [
      'a TAVI case whose simulation was canceled',
      caseFixture({ orders: [order(), order({ service: 1, status: 1 })] }),
      true,
    ],
    [
      'an LAAO case',
      caseFixture({ intervention: { id: laao.id, name: laao.name, prefix: 'LAAO', variantLimit: 1 } }),
      false,
    ],
  ])('allows several devices for %s: %s', (_, kase, expected) => {
    expect(allowsSeveralDevices(kase)).toBe(expected);
  });
});
