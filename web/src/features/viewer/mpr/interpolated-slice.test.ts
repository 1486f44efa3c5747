import { describe, expect, it } from 'vitest';
import { showsInterpolatedSlice } from './interpolated-slice.ts';

/** 10 axial slices 2 mm apart from z = 100; slices 4 and 5 were interpolated. */
const header = {
  origin: [-50, -50, 100] as [number, number, number],
  direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  spacing: [0.5, 0.5, 2] as [number, number, number],
  dimensions: [200, 200, 10] as [number, number, number],
  interpolatedSlices: [4, 5],
};

describe('showsInterpolatedSlice', () => {
  it('is true on an interpolated slice, whichever way the camera looks along the normal', () => {
    expect(showsInterpolatedSlice(header, [0, 0, 108], [0, 0, -1])).toBe(true);
    expect(showsInterpolatedSlice(header, [12, -3, 110.9], [0, 0, 1])).toBe(true);
  });

  it('is false on an acquired slice, and beyond the volume', () => {
    expect(showsInterpolatedSlice(header, [0, 0, 106], [0, 0, -1])).toBe(false);
    expect(showsInterpolatedSlice(header, [0, 0, 112], [0, 0, -1])).toBe(false);
    expect(showsInterpolatedSlice(header, [0, 0, 90], [0, 0, -1])).toBe(false);
  });

  it('is false for a pane crossing the slices (coronal) or turned obliquely away from them', () => {
    expect(showsInterpolatedSlice(header, [0, 0, 108], [0, -1, 0])).toBe(false);
    const tilt = (5 * Math.PI) / 180;
    expect(showsInterpolatedSlice(header, [0, 0, 108], [0, Math.sin(tilt), -Math.cos(tilt)])).toBe(false);
  });

  it('is false for a volume stored before it listed interpolated slices', () => {
    const { interpolatedSlices: _, ...old } = header;
    expect(showsInterpolatedSlice(old, [0, 0, 108], [0, 0, -1])).toBe(false);
  });
});
