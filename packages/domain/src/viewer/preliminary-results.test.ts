import { describe, expect, it } from 'vitest';
import { shownResultsOf } from './preliminary-results.ts';

const preliminary = (ml: number) => ({
  isPreliminary: true,
  results: [
    { name: 'Blood pool volume (preliminary)', value: ml, unit: 'ml' },
    { name: 'Blood pool surface (preliminary)', value: 400, unit: 'cm²' },
  ],
});
const analyst = { isPreliminary: false, results: [{ name: 'Annulus perimeter', value: 75, unit: 'mm' }] };

describe('shownResultsOf', () => {
  it("shows a plausible preliminary volume while nothing is delivered, and the analyst's results always", () => {
    expect(shownResultsOf(preliminary(420), { hasDeliveredOrder: false })).toHaveLength(2);
    expect(shownResultsOf(analyst, { hasDeliveredOrder: true })).toEqual(analyst.results);
  });

  it('hides the preliminary figures once an order is delivered', () => {
    expect(shownResultsOf(preliminary(420), { hasDeliveredOrder: true })).toEqual([]);
  });

  it('hides an implausible blood-pool volume (a skeleton, a fragment)', () => {
    expect(shownResultsOf(preliminary(2297), { hasDeliveredOrder: false })).toEqual([]);
    expect(shownResultsOf(preliminary(8), { hasDeliveredOrder: false })).toEqual([]);
  });

  it("keeps the automatic anatomy's figures whatever its structures' volumes (a small LV is real)", () => {
    const anatomy = {
      isPreliminary: true,
      results: [
        { name: 'LV cavity volume (automatic)', value: 38, unit: 'ml' },
        { name: 'Annulus perimeter-derived diameter (proposed)', value: 23.4, unit: 'mm' },
      ],
    };
    expect(shownResultsOf(anatomy, { hasDeliveredOrder: false })).toEqual(anatomy.results);
  });
});
