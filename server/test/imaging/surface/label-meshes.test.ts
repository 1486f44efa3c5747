import { describe, expect, it } from 'vitest';
import { type LabelGrid, meshesOfLabels } from '../../../src/imaging/surface/label-meshes.ts';
import { meshVolume, type TriangleMesh } from '../../../src/imaging/surface/mesh.ts';
import { openOrInconsistentEdges } from './mesh-checks.ts';

/** Balls of given labels on a grid of `spacing` mm, placed at `origin` (patient mm of voxel 0). */
function ballsGrid(
  balls: { label: number; centre: [number, number, number]; radiusMm: number }[],
  { n = 48, spacing = [0.8, 0.8, 1.0], origin = [-20, 30, -100], flipX = false } = {},
): LabelGrid {
  const labels = new Uint8Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const p = [x * spacing[0]!, y * spacing[1]!, z * spacing[2]!];
        for (const b of balls) {
          if (Math.hypot(p[0]! - b.centre[0], p[1]! - b.centre[1], p[2]! - b.centre[2]) <= b.radiusMm)
            labels[(z * n + y) * n + x] = b.label;
        }
      }
  const sx = flipX ? -spacing[0]! : spacing[0]!;
  return {
    labels,
    dims: [n, n, n],
    toPatient: [sx, 0, 0, origin[0]!, 0, spacing[1]!, 0, origin[1]!, 0, 0, spacing[2]!, origin[2]!],
  };
}

const centroid = (positions: Float32Array) => {
  const c = [0, 0, 0];
  for (let i = 0; i < positions.length; i += 3)
    for (let a = 0; a < 3; a++) c[a]! += positions[i + a]! / (positions.length / 3);
  return c;
};

/** Enclosed volume of a mesh (ml). */
const enclosedMl = (mesh: TriangleMesh) => meshVolume(mesh) / 1000;

describe('meshesOfLabels', () => {
  it('makes one closed surface per structure, in patient space, of the right size', () => {
    const grid = ballsGrid([
      { label: 1, centre: [12, 12, 12], radiusMm: 8 },
      { label: 3, centre: [26, 26, 30], radiusMm: 6 },
    ]);
    const meshes = meshesOfLabels(grid, [
      { name: 'LV', labels: [1], color: '#ff0000' },
      { name: 'Aorta', labels: [3], color: '#00ff00' },
      { name: 'LAA', labels: [5], color: '#0000ff' },
    ]);
    expect(meshes.map((m) => m.name)).toEqual(['LV', 'Aorta']);
    const [lv, aorta] = meshes as [NonNullable<(typeof meshes)[0]>, NonNullable<(typeof meshes)[0]>];
    const ball = (r: number) => ((4 / 3) * Math.PI * r ** 3) / 1000;
    expect(lv.volumeMl).toBeCloseTo(ball(8), 1);
    // The smoothed surface encloses what the voxels hold, within a few per cent, with normals outwards.
    expect(enclosedMl(lv.mesh) / ball(8)).toBeGreaterThan(0.93);
    expect(enclosedMl(lv.mesh) / ball(8)).toBeLessThan(1.05);
    expect(enclosedMl(aorta.mesh) / ball(6)).toBeGreaterThan(0.9);
    const [cx, cy, cz] = centroid(lv.mesh.positions);
    expect(cx).toBeCloseTo(-20 + 12, 0);
    expect(cy).toBeCloseTo(30 + 12, 0);
    expect(cz).toBeCloseTo(-100 + 12, 0);
    expect(openOrInconsistentEdges(lv.mesh)).toBe(0);
    expect(openOrInconsistentEdges(aorta.mesh)).toBe(0);
    expect(Buffer.from(lv.glb.subarray(0, 4)).toString()).toBe('glTF');
  });

  it('joins the labels a structure is made of (LA with its appendage)', () => {
    const grid = ballsGrid([
      { label: 4, centre: [15, 15, 15], radiusMm: 7 },
      { label: 5, centre: [22, 15, 15], radiusMm: 4 },
    ]);
    const [la] = meshesOfLabels(grid, [{ name: 'LA + LAA', labels: [4, 5], color: '#fff' }]);
    const alone = meshesOfLabels(grid, [{ name: 'LA', labels: [4], color: '#fff' }])[0];
    expect(la?.volumeMl).toBeGreaterThan(alone?.volumeMl ?? Infinity);
  });

  it('keeps the normals outwards on a mirrored grid and closes a structure cut by the grid edge', () => {
    const mirrored = ballsGrid([{ label: 1, centre: [12, 12, 12], radiusMm: 8 }], { flipX: true });
    const [lv] = meshesOfLabels(mirrored, [{ name: 'LV', labels: [1], color: '#f00' }]);
    expect(enclosedMl(lv!.mesh)).toBeGreaterThan(0);
    const cut = ballsGrid([{ label: 3, centre: [0, 19, 19], radiusMm: 8 }]);
    const [half] = meshesOfLabels(cut, [{ name: 'Aorta', labels: [3], color: '#f00' }]);
    expect(openOrInconsistentEdges(half!.mesh)).toBe(0);
    expect(enclosedMl(half!.mesh) / (((4 / 3) * Math.PI * 512) / 2000)).toBeGreaterThan(0.8);
  });

  it('gives no mesh for an empty grid, and stops when aborted', () => {
    const empty = ballsGrid([]);
    expect(meshesOfLabels(empty, [{ name: 'LV', labels: [1], color: '#f00' }])).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    expect(() =>
      meshesOfLabels(
        ballsGrid([{ label: 1, centre: [12, 12, 12], radiusMm: 5 }]),
        [{ name: 'LV', labels: [1], color: '#f00' }],
        {
          signal: controller.signal,
        },
      ),
    ).toThrow();
  });
});
