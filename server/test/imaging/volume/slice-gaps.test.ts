import { describe, expect, it } from 'vitest';
import { planVolume, type SliceInput, sliceRanges } from '../../../src/imaging/volume/geometry.ts';
import { describeGap, gapLimitMm, gapReason, isTooLarge, largestGap } from '../../../src/imaging/volume/slice-gaps.ts';

const Z: [number, number, number] = [0, 0, 1];
const gapOf = (zs: number[]) =>
  largestGap(
    zs,
    zs.map((z) => [5, -3, z] as [number, number, number]),
    Z,
  );
const tooLarge = (zs: number[]) => isTooLarge(gapOf(zs) as NonNullable<ReturnType<typeof gapOf>>);

describe('the gap rule: largest gap > max(2 × median spacing, 3 mm)', () => {
  it('takes the median as the typical spacing, so one gap does not raise its own limit', () => {
    expect(gapOf([0, 2, 4, 6, 30])).toMatchObject({ typicalMm: 2, sizeMm: 24, slices: [4, 5], moreGaps: 0 });
  });

  it('allows exactly twice the typical spacing, and refuses just above it', () => {
    expect(gapLimitMm(2)).toBe(4);
    expect(tooLarge([0, 2, 4, 8, 10])).toBe(false);
    expect(tooLarge([0, 2, 4, 8.01, 10.01])).toBe(true);
  });

  it('allows up to 3 mm whatever the spacing: a thin series missing a slice or four stays usable', () => {
    expect(gapLimitMm(0.6)).toBe(3);
    expect(tooLarge([0, 0.6, 1.2, 1.8, 4.8, 5.4])).toBe(false);
    expect(tooLarge([0, 0.6, 1.2, 1.8, 4.81, 5.41])).toBe(true);
  });

  it('refuses 10 positions spread over 470 mm', () => {
    const zs = [0, 30, 60, 90, 120, 150, 180, 210, 240, 470];
    expect(tooLarge(zs)).toBe(true);
    expect(describeGap(gapOf(zs) as NonNullable<ReturnType<typeof gapOf>>)).toBe(
      'a gap of 230 mm between slice 9 (z = 240 mm) and slice 10 (z = 470 mm) of 10; its slices are otherwise 30 mm apart',
    );
  });

  it('counts the other gaps above the limit and names the patient axis closest to the normal', () => {
    const positions: [number, number, number][] = [0, 1, 2, 8, 9, 15, 16].map((x) => [x, 0, 0]);
    const gap = largestGap([0, 1, 2, 8, 9, 15, 16], positions, [-1, 0, 0]);
    expect(gap).toMatchObject({ axis: 'x', moreGaps: 1, sizeMm: 6, slices: [3, 4], positionsMm: [2, 8] });
    expect(describeGap(gap as NonNullable<typeof gap>)).toContain('(and 1 more gap above the limit)');
  });

  it('tells the clinician where the gap is and what to upload instead', () => {
    const reason = gapReason(gapOf([-10, -7, -4, 50, 53]) as NonNullable<ReturnType<typeof gapOf>>);
    expect(reason).toBe(
      'The series to analyse has a gap of 54 mm between slice 3 (z = -4 mm) and slice 4 (z = 50 mm) of 5; its ' +
        'slices are otherwise 3 mm apart. The anatomy in the gap would be invented by interpolation, so the ' +
        'images cannot be used for planning. Upload a contiguous series without missing slices (the complete ' +
        'reconstruction as the scanner exported it, every slice of the same series).',
    );
  });
});

describe('planVolume records the gap and the interpolated slices', () => {
  const axial = (zs: number[]): SliceInput[] =>
    zs.map((z) => ({
      rows: 2,
      columns: 2,
      geometry: { position: [0, 0, z], orientation: [1, 0, 0, 0, 1, 0], pixelSpacing: [1, 1] },
    }));
  const plan = (zs: number[]) => {
    const result = planVolume(axial(zs));
    if (!result.ok) throw new Error(result.reason);
    return result.geometry;
  };

  it('lists no interpolated slice for a regular stack', () => {
    const g = plan([0, 2, 4, 6]);
    expect(g.interpolatedSlices).toEqual([]);
    expect(g.largestGap).toMatchObject({ sizeMm: 2, typicalMm: 2 });
  });

  it('lists the slices blended between acquired ones, and says so in a warning', () => {
    const g = plan([0, 1, 2, 3, 8, 9, 10]);
    expect(g.dimensions[2]).toBe(11);
    expect(g.interpolatedSlices).toEqual([4, 5, 6, 7]);
    expect(g.largestGap).toMatchObject({ sizeMm: 5, positionsMm: [3, 8] });
    expect(g.warnings).toContain(
      '4 of 11 volume slices are interpolated between acquired slices (no image was acquired there): slices 5–8',
    );
  });

  it('writes slice lists as 1-based ranges, and shortens long ones', () => {
    expect(sliceRanges([0, 1, 2, 5, 7, 8])).toBe('slices 1–3, 6, 8–9');
    expect(sliceRanges([4])).toBe('slice 5');
    expect(sliceRanges(Array.from({ length: 30 }, (_, i) => i * 2))).toMatch(/^slices 1, 3, .*, 39, …$/);
  });
});
