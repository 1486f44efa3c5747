import { describe, expect, it } from 'vitest';
import {
  boundaryVoxels,
  dice,
  lengthErrorMm,
  maskedVolumeByLabelMl,
  maskOfLabels,
  median,
  percentileOfSorted,
  perimeterDerivedDiameter,
  planeAngleErrorDeg,
  squaredDistanceTo,
  surfaceDistances,
} from '../../../src/imaging/testing/anatomy-phantom/score/index.ts';

type Dims = [number, number, number];

function box(dims: Dims, from: Dims, to: Dims): Uint8Array {
  const [nx, ny] = dims;
  const mask = new Uint8Array(dims[0] * dims[1] * dims[2]);
  for (let k = from[2]; k < to[2]; k++)
    for (let j = from[1]; j < to[1]; j++) for (let i = from[0]; i < to[0]; i++) mask[(k * ny + j) * nx + i] = 1;
  return mask;
}

function ball(dims: Dims, spacing: Dims, centre: Dims, radiusMm: number): Uint8Array {
  const [nx, ny, nz] = dims;
  const mask = new Uint8Array(nx * ny * nz);
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const d = Math.hypot((i - centre[0]) * spacing[0], (j - centre[1]) * spacing[1], (k - centre[2]) * spacing[2]);
        mask[(k * ny + j) * nx + i] = d <= radiusMm ? 1 : 0;
      }
  return mask;
}

describe('dice', () => {
  it('is 1 for identical masks, 0 for disjoint ones, 0.5 for two cubes overlapping by half', () => {
    const dims: Dims = [30, 12, 12];
    const a = box(dims, [0, 1, 1], [10, 11, 11]);
    expect(dice(a, a)).toBe(1);
    expect(dice(a, box(dims, [15, 1, 1], [25, 11, 11]))).toBe(0);
    expect(dice(a, box(dims, [5, 1, 1], [15, 11, 11]))).toBe(0.5);
  });

  it('is 2/3 when one mask holds the other at twice its size', () => {
    const dims: Dims = [30, 12, 12];
    expect(dice(box(dims, [0, 1, 1], [10, 11, 11]), box(dims, [0, 1, 1], [20, 11, 11]))).toBeCloseTo(2 / 3, 12);
  });
});

describe('label masks and volumes', () => {
  it('picks the wanted labels and measures what a mask took in per label, in ml', () => {
    const labels = Uint8Array.from([0, 1, 2, 3, 6, 6, 9, 1]);
    expect([...maskOfLabels(labels, [1, 3])]).toEqual([0, 1, 0, 1, 0, 0, 0, 1]);
    const mask = Uint8Array.from([1, 1, 0, 0, 1, 1, 1, 0]);
    const ml = maskedVolumeByLabelMl(mask, labels, [10, 10, 5]); // 0.5 ml voxels
    expect(ml[6]).toBe(1);
    expect(ml[9]).toBe(0.5);
    expect(ml[1]).toBe(0.5);
    expect(ml[3]).toBe(0);
  });
});

describe('surface distances', () => {
  it('is 0 for identical masks', () => {
    const dims: Dims = [16, 16, 16];
    const a = ball(dims, [1, 1, 1], [8, 8, 8], 5);
    expect(surfaceDistances(a, a, dims, [1, 1, 1])).toMatchObject({ meanMm: 0, p95Mm: 0, maxMm: 0 });
  });

  it('measures the distance between two single voxels in mm, with anisotropic spacing', () => {
    const dims: Dims = [12, 12, 12];
    const a = box(dims, [2, 2, 2], [3, 3, 3]);
    const b = box(dims, [5, 6, 2], [6, 7, 3]); // 3 along x, 4 along y
    expect(surfaceDistances(a, b, dims, [1, 1, 1]).meanMm).toBeCloseTo(5, 6);
    const anisotropic = surfaceDistances(a, b, dims, [2, 1, 3]);
    expect(anisotropic.meanMm).toBeCloseTo(Math.hypot(6, 4), 5);
    expect(anisotropic.p95Mm).toBeCloseTo(Math.hypot(6, 4), 5);
    // Along z, where the slices are 3 mm apart.
    const c = box(dims, [2, 2, 6], [3, 3, 7]);
    expect(surfaceDistances(a, c, dims, [0.5, 0.5, 3]).meanMm).toBeCloseTo(12, 5);
  });

  it('finds about the radius difference between concentric spheres', () => {
    const dims: Dims = [48, 48, 48];
    const spacing: Dims = [1, 1, 1];
    const inner = ball(dims, spacing, [24, 24, 24], 12);
    const outer = ball(dims, spacing, [24, 24, 24], 16);
    const d = surfaceDistances(inner, outer, dims, spacing);
    expect(d.meanMm).toBeGreaterThan(3.4);
    expect(d.meanMm).toBeLessThan(4.6);
    expect(d.p95Mm).toBeLessThan(5);
    expect(d.p95Mm).toBeGreaterThanOrEqual(d.meanMm);
  });

  it('grows with a shift and a far stray voxel shows in the largest distance, not in the 95th percentile', () => {
    const dims: Dims = [40, 24, 24];
    const spacing: Dims = [0.8, 0.8, 1.25];
    const a = ball(dims, spacing, [12, 12, 12], 6);
    const shifted = ball(dims, spacing, [16, 12, 12], 6); // 3.2 mm along x
    const d = surfaceDistances(a, shifted, dims, spacing);
    expect(d.meanMm).toBeGreaterThan(0.8);
    expect(d.maxMm).toBeCloseTo(3.2, 5);
    // One stray voxel 16 voxels (12.8 mm) beyond the ball's edge at x = 19: the largest distance sees
    // it at once, the 95th percentile not at all.
    const stray = a.slice();
    stray[(12 * 24 + 12) * 40 + 35] = 1;
    const withStray = surfaceDistances(a, stray, dims, spacing);
    expect(withStray.maxMm).toBeCloseTo(12.8, 4);
    expect(withStray.p95Mm).toBe(0);
  });

  it('is infinite when only one mask is empty', () => {
    const dims: Dims = [8, 8, 8];
    const empty = new Uint8Array(512);
    expect(surfaceDistances(box(dims, [2, 2, 2], [5, 5, 5]), empty, dims, [1, 1, 1]).meanMm).toBe(Infinity);
    expect(surfaceDistances(empty, empty, dims, [1, 1, 1]).meanMm).toBe(0);
  });

  it('agrees with brute force on random masks with anisotropic spacing', () => {
    const dims: Dims = [11, 9, 7];
    const spacing: Dims = [0.7, 1.1, 2.3];
    let state = 12345;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const mask = Uint8Array.from({ length: 11 * 9 * 7 }, () => (random() < 0.1 ? 1 : 0));
    const sources = boundaryVoxels(mask, dims);
    const field = squaredDistanceTo(sources, dims, spacing);
    const at = (v: number) => [v % 11, Math.floor(v / 11) % 9, Math.floor(v / 99)];
    for (let v = 0; v < field.length; v++) {
      const [i, j, k] = at(v);
      let best = Infinity;
      for (const s of sources) {
        const [si, sj, sk] = at(s);
        best = Math.min(best, ((i! - si!) * 0.7) ** 2 + ((j! - sj!) * 1.1) ** 2 + ((k! - sk!) * 2.3) ** 2);
      }
      expect(field[v]).toBeCloseTo(best, 3);
    }
  });
});

describe('percentiles', () => {
  it('interpolates between ranks as numpy does', () => {
    const values = Array.from({ length: 100 }, (_, n) => n + 1);
    expect(percentileOfSorted(values, 95)).toBeCloseTo(95.05, 10);
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('landmark errors', () => {
  it('measures the angle between planes whatever the normals sign', () => {
    const tilt = (10 * Math.PI) / 180;
    expect(planeAngleErrorDeg([0, Math.sin(tilt), Math.cos(tilt)], [0, 0, 1])).toBeCloseTo(10, 10);
    expect(planeAngleErrorDeg([0, 0, -2], [0, 0, 1])).toBe(0);
    expect(planeAngleErrorDeg([1, 0, 0], [0, 0, 1])).toBeCloseTo(90, 10);
    expect(() => planeAngleErrorDeg([0, 0, 0], [0, 0, 1])).toThrow();
  });

  it('derives a diameter from a perimeter and signs a length error', () => {
    expect(perimeterDerivedDiameter(Math.PI * 25)).toBeCloseTo(25, 12);
    expect(lengthErrorMm(25.4, 25)).toBeCloseTo(0.4, 12);
    expect(lengthErrorMm(24, 25)).toBe(-1);
  });
});
