import { describe, expect, it } from 'vitest';
import { bloodPoolField, DEFAULT_BLOOD_POOL } from '../../../src/imaging/surface/blood-pool-field.ts';
import type { Dims } from '../../../src/imaging/surface/connected-components.ts';
import { labelComponents } from '../../../src/imaging/surface/connected-components.ts';

const N = 24;
const dims: Dims = [N, N, N];
const at = (x: number, y: number, z: number) => x + N * (y + N * z);

/** A grid of soft tissue (40 HU) with boxes [from, to) of the given HU painted in order. */
function grid(boxes: { from: Dims; to: Dims; hu: number }[]): Int16Array {
  const hu = new Int16Array(N * N * N).fill(40);
  for (const { from, to, hu: value } of boxes) {
    for (let z = from[2]; z < to[2]; z++)
      for (let y = from[1]; y < to[1]; y++) for (let x = from[0]; x < to[0]; x++) hu[at(x, y, z)] = value;
  }
  return hu;
}

const isInside = (hu: Int16Array, level: number, x: number, y: number, z: number) =>
  (hu[at(x, y, z)] as number) > level;

describe('connected components', () => {
  it('separates parts touching only at an edge (6-connectivity) and counts their voxels', () => {
    const mask = new Uint8Array(N * N * N);
    mask[at(1, 1, 1)] = 1;
    mask[at(2, 2, 1)] = 1; // diagonal neighbour: a separate part
    mask[at(2, 1, 1)] = 0;
    for (let x = 5; x < 20; x++) mask[at(x, 5, 5)] = 1;
    const { labels, sizes } = labelComponents(mask, dims);
    expect(sizes.sort((a, b) => a - b)).toEqual([1, 1, 15]);
    expect(labels[at(1, 1, 1)]).not.toBe(labels[at(2, 2, 1)]);
  });

  it('labels a part of every voxel of a large grid without overflowing the call stack', () => {
    const big: Dims = [200, 200, 100];
    const mask = new Uint8Array(200 * 200 * 100).fill(1);
    expect(labelComponents(mask, big).sizes).toEqual([200 * 200 * 100]);
  });
});

describe('blood pool field', () => {
  it('keeps the largest contrast part, drops a smaller one and bright bone, fills enclosed calcium', () => {
    const hu = grid([
      { from: [2, 2, 2], to: [14, 14, 14], hu: 380 }, // blood pool
      { from: [6, 6, 6], to: [8, 8, 8], hu: 1100 }, // calcium inside it
      { from: [17, 2, 2], to: [21, 5, 5], hu: 300 }, // marrow-like part, much smaller
      { from: [17, 10, 10], to: [22, 22, 22], hu: 1200 }, // cortical bone, above the range
    ]);
    const field = bloodPoolField(hu, dims, DEFAULT_BLOOD_POOL);
    expect(field).toMatchObject({ partsFound: 2, partsKept: 1, insideVoxels: 12 ** 3 });
    const level = field?.level as number;
    expect(isInside(hu, level, 3, 3, 3)).toBe(true);
    expect(isInside(hu, level, 7, 7, 7)).toBe(true);
    expect(hu[at(7, 7, 7)]).toBe(DEFAULT_BLOOD_POOL.highHu);
    expect(isInside(hu, level, 18, 3, 3)).toBe(false);
    expect(isInside(hu, level, 19, 15, 15)).toBe(false);
    expect(isInside(hu, level, 1, 3, 3)).toBe(false);
    // Outside voxels below the range keep their HU, so the wall stays where partial volume puts it.
    expect(hu[at(1, 3, 3)]).toBe(40);
  });

  it('drops marrow wrapped in cortex even when it is larger than the blood pool', () => {
    const hu = grid([
      { from: [1, 1, 1], to: [13, 23, 23], hu: 1000 }, // cortex …
      { from: [2, 2, 2], to: [12, 22, 22], hu: 250 }, // … around marrow: 2000 voxels
      { from: [15, 4, 4], to: [22, 14, 14], hu: 380 }, // blood: 700 voxels, one face on calcium
      { from: [14, 4, 4], to: [15, 14, 14], hu: 900 },
    ]);
    const field = bloodPoolField(hu, dims, DEFAULT_BLOOD_POOL);
    expect(field).toMatchObject({ partsFound: 2, partsKept: 1, insideVoxels: 700 });
    expect(isInside(hu, field?.level as number, 5, 5, 5)).toBe(false);
  });

  it('keeps a second part of comparable size (an aorta cut off from the heart)', () => {
    const hu = grid([
      { from: [2, 2, 2], to: [10, 10, 10], hu: 380 },
      { from: [13, 2, 2], to: [20, 9, 10], hu: 350 },
    ]);
    expect(bloodPoolField(hu, dims, DEFAULT_BLOOD_POOL)).toMatchObject({ partsFound: 2, partsKept: 2 });
  });

  it('answers null when nothing is in the contrast range (a scan without contrast)', () => {
    expect(bloodPoolField(grid([{ from: [2, 2, 2], to: [9, 9, 9], hu: 60 }]), dims, DEFAULT_BLOOD_POOL)).toBeNull();
  });
});
