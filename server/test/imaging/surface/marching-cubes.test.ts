import { describe, expect, it } from 'vitest';
import type { Dims } from '../../../src/imaging/surface/connected-components.ts';
import { marchingCubes } from '../../../src/imaging/surface/marching-cubes.ts';
import { CASE_START } from '../../../src/imaging/surface/marching-cubes-table.ts';
import { meshArea, meshVolume } from '../../../src/imaging/surface/mesh.ts';
import { openOrInconsistentEdges } from './mesh-checks.ts';

/** A grid of `n`³ points holding f(x, y, z). */
function fieldOf(n: number, f: (x: number, y: number, z: number) => number): { field: Float32Array; dims: Dims } {
  const field = new Float32Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) field[x + n * (y + n * z)] = f(x, y, z);
  return { field, dims: [n, n, n] };
}

/** A seeded generator, so a failing pattern can be reproduced. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('marching cubes', () => {
  it('builds a table of at most five triangles per case, none for all-in or all-out', () => {
    const counts = Array.from(
      { length: 256 },
      (_, p) => ((CASE_START[p + 1] as number) - (CASE_START[p] as number)) / 3,
    );
    expect(counts[0]).toBe(0);
    expect(counts[255]).toBe(0);
    expect(Math.max(...counts)).toBe(5);
    // One corner in (or out): one triangle; a face of four in: two.
    expect(counts[1]).toBe(1);
    expect(counts[254]).toBe(1);
    expect(counts[0b00001111]).toBe(2);
  });

  it('gives a closed, consistently wound surface for random patterns, ambiguous faces included', () => {
    const next = random(7);
    for (let trial = 0; trial < 20; trial++) {
      // Random inside points, the outer layer outside, so every part is enclosed.
      const { field, dims } = fieldOf(10, (x, y, z) =>
        Math.min(x, y, z) === 0 || Math.max(x, y, z) === 9 ? -1 : next() < 0.5 ? 1 : -1,
      );
      const mesh = marchingCubes(field, dims, 0.25);
      expect(mesh.indices.length).toBeGreaterThan(0);
      expect(openOrInconsistentEdges(mesh)).toBe(0);
      expect(meshVolume(mesh)).toBeGreaterThan(0);
    }
  });

  it('finds a sphere of radius 10 with the right volume and area, normals outward', () => {
    const r = 10;
    const { field, dims } = fieldOf(26, (x, y, z) => r - Math.hypot(x - 12.3, y - 12.6, z - 12.1));
    const mesh = marchingCubes(field, dims, 0);
    expect(openOrInconsistentEdges(mesh)).toBe(0);
    expect(Math.abs(meshVolume(mesh) / ((4 / 3) * Math.PI * r ** 3) - 1)).toBeLessThan(0.02);
    expect(Math.abs(meshArea(mesh) / (4 * Math.PI * r ** 2) - 1)).toBeLessThan(0.03);
    // Every vertex on the sphere to within the linear interpolation's error.
    for (let v = 0; v < mesh.positions.length; v += 3) {
      const d = Math.hypot(
        (mesh.positions[v] as number) - 12.3,
        (mesh.positions[v + 1] as number) - 12.6,
        (mesh.positions[v + 2] as number) - 12.1,
      );
      expect(Math.abs(d - r)).toBeLessThan(0.05);
    }
  });
});
