import type { VolumeHeader } from '@cardiomap/domain';
import { describe, expect, it } from 'vitest';
import { CINE_MEMORY_BUDGET_BYTES, type PhaseVolume, reduceInPlane, reductionFor } from './reduce-volume.ts';

const MIB = 1024 * 1024;

describe('reductionFor', () => {
  it('keeps full resolution while all phases fit, and reduces as little as brings them within the budget', () => {
    const phase512x250 = 512 * 512 * 250 * 2;
    expect(reductionFor(phase512x250, 1)).toBe(1);
    expect(reductionFor(phase512x250, 3)).toBe(1);
    // 10 phases: 1.25 GiB at full size; halved in-plane 320 MiB.
    expect(reductionFor(phase512x250, 10)).toBe(2);
    expect((phase512x250 * 10) / 4).toBeLessThanOrEqual(CINE_MEMORY_BUDGET_BYTES);
    // 20 phases of 600 slices: 5.9 GiB; a factor of 4 gives 375 MiB.
    expect(reductionFor(512 * 512 * 600 * 2, 20)).toBe(4);
    expect(reductionFor(100 * MIB, 10, 1000 * MIB)).toBe(1);
    expect(reductionFor(100 * MIB, 10, 999 * MIB)).toBe(2);
  });
});

describe('reduceInPlane', () => {
  // A 5 × 4 × 2 volume, oblique: rows along (0, 1, 0), columns along (−1, 0, 0).
  const header = {
    dimensions: [5, 4, 2],
    spacing: [0.5, 0.8, 2],
    origin: [10, 20, 30],
    direction: [0, 1, 0, -1, 0, 0, 0, 0, 1],
  } as unknown as VolumeHeader;
  const voxels = Int16Array.from({ length: 40 }, (_, n) => n * 10 - 100);
  const volume: PhaseVolume = { id: 'p40', header, voxels };
  const world = (h: Pick<VolumeHeader, 'origin' | 'spacing' | 'direction'>, i: number, j: number, k: number) =>
    h.origin.map(
      (o, a) =>
        o +
        (h.direction[a] ?? 0) * h.spacing[0] * i +
        (h.direction[3 + a] ?? 0) * h.spacing[1] * j +
        (h.direction[6 + a] ?? 0) * h.spacing[2] * k,
    );

  it('averages each 2 × 2 block of a slice (partial blocks at the edges), slices kept', () => {
    const reduced = reduceInPlane(volume, 2);
    expect(reduced.header.dimensions).toEqual([3, 2, 2]);
    expect(reduced.header.spacing).toEqual([1, 1.6, 2]);
    const at = (i: number, j: number, k: number) => voxels[k * 20 + j * 5 + i] as number;
    expect(reduced.voxels[0]).toBe(Math.round((at(0, 0, 0) + at(1, 0, 0) + at(0, 1, 0) + at(1, 1, 0)) / 4));
    // The last column is a block one voxel wide.
    expect(reduced.voxels[2]).toBe(Math.round((at(4, 0, 0) + at(4, 1, 0)) / 2));
    expect(reduced.voxels[6]).toBe(Math.round((at(0, 0, 1) + at(1, 0, 1) + at(0, 1, 1) + at(1, 1, 1)) / 4));
  });

  it('puts each reduced voxel where the centre of its block was, in patient space', () => {
    const reduced = reduceInPlane(volume, 2);
    const centre = world(header, 0.5, 0.5, 1).map((v) => Number(v.toFixed(6)));
    expect(world(reduced.header, 0, 0, 1).map((v) => Number(v.toFixed(6)))).toEqual(centre);
    expect(reduced.header.direction).toEqual(header.direction);
  });

  it('returns the volume itself for a factor of 1', () => {
    expect(reduceInPlane(volume, 1)).toBe(volume);
  });
});
