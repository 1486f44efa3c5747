import { describe, expect, it } from 'vitest';
import { buildSlice, OUTSIDE_HU } from '../../../src/imaging/volume/resample.ts';

// 4 columns × 3 rows, value = 10·row + column.
const grid = Int16Array.from({ length: 12 }, (_, p) => 10 * Math.floor(p / 4) + (p % 4));
const other = Int16Array.from({ length: 12 }, () => 100);
const pixelsOf = (s: number) => (s === 0 ? grid : other);

describe('buildSlice', () => {
  it('hands back the source itself for a plain copy', () => {
    expect(buildSlice([{ source: 0, weight: 1, offset: [0, 0] }], pixelsOf, 4, 3)).toBe(grid);
  });

  it('blends two slices by weight', () => {
    const out = buildSlice(
      [
        { source: 0, weight: 0.25, offset: [0, 0] },
        { source: 1, weight: 0.75, offset: [0, 0] },
      ],
      pixelsOf,
      4,
      3,
    );
    expect(out[5]).toBe(Math.round(0.25 * 11 + 75));
  });

  it('samples at the offset, filling what falls outside the source with air', () => {
    const out = buildSlice([{ source: 0, weight: 1, offset: [1, -1] }], pixelsOf, 4, 3);
    expect([...out]).toEqual([
      ...[OUTSIDE_HU, OUTSIDE_HU, OUTSIDE_HU, OUTSIDE_HU],
      ...[1, 2, 3, OUTSIDE_HU],
      ...[11, 12, 13, OUTSIDE_HU],
    ]);
  });

  it('interpolates bilinearly between pixels for a fractional offset', () => {
    const out = buildSlice([{ source: 0, weight: 1, offset: [0.5, 0.5] }], pixelsOf, 4, 3);
    expect(out[0]).toBe(Math.round((0 + 1 + 10 + 11) / 4));
    expect(out[5]).toBe(Math.round((11 + 12 + 21 + 22) / 4));
  });
});
