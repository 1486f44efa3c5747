import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coarseVoxelMm, DEFAULT_SURFACE, extractSurface } from '../../../src/imaging/surface/extract-surface.ts';
import { meshVolume } from '../../../src/imaging/surface/mesh.ts';
import type { Vec3 } from '../../../src/imaging/types.ts';
import { openOrInconsistentEdges, points } from './mesh-checks.ts';
import { cylinder, layoutOf, type Shape, shell, sphere, voxelToPatient, writeShapesVolume } from './shapes-volume.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cm-surface-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Fat at -101 HU and blood at 400 HU put the default 150 HU level halfway: on the true wall.
const FAT = -101;
const BLOOD = 400;
const R = 18;

// Axes rotated 30° about z and then tilted, a non-zero origin: patient space is not the grid.
const c = Math.cos(Math.PI / 6);
const s = Math.sin(Math.PI / 6);
const DIRECTION = [c, s, 0, -s * 0.8, c * 0.8, 0.6, s * 0.6, -c * 0.6, 0.8];

/** Where the shapes go: the middle of a 64 × 64 × 60 grid of 1 mm voxels. */
const layout = layoutOf([64, 64, 60], [1, 1, 1], [-120.5, 40.25, 310], DIRECTION);
const centre = voxelToPatient(layout, 30, 32, 28);
const boneCentre = voxelToPatient(layout, 52, 50, 46);
const bone: Shape[] = [shell(boneCentre, 5, 7, 1200), sphere(boneCentre, 5, 300)];

const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

async function volumeOf(name: string, shapes: Shape[], l = layout): Promise<string> {
  const path = join(dir, `${name}.cmvol`);
  await writeShapesVolume(path, l, FAT, shapes);
  return path;
}

describe('extractSurface', () => {
  it('models a contrast sphere in patient coordinates, closed, with its volume and area, bone dropped', async () => {
    const path = await volumeOf('sphere', [sphere(centre, R, BLOOD), ...bone]);
    const result = await extractSurface(path, { targetVoxelMm: 1 });
    if (!result) throw new Error('no surface');
    expect(result.voxelMm).toEqual([1, 1, 1]);
    // The bone's marrow and the blurred rim of its cortex fall in the contrast range too.
    expect(result.partsFound).toBeGreaterThan(1);
    expect(result.partsKept).toBe(1);
    expect(openOrInconsistentEdges(result.mesh)).toBe(0);
    expect(Math.abs(result.volumeMl / ((4 / 3) * Math.PI * R ** 3 * 1e-3) - 1)).toBeLessThan(0.03);
    expect(Math.abs(result.areaCm2 / (4 * Math.PI * R ** 2 * 1e-2) - 1)).toBeLessThan(0.03);
    // Every vertex on the sphere, where the direction and origin put it; none near the bone.
    const radii = points(result.mesh).map((p) => dist(p, centre));
    expect(Math.min(...radii)).toBeGreaterThan(R - 0.5);
    expect(Math.max(...radii)).toBeLessThan(R + 0.5);
  });

  it('keeps normals outward when the volume axes are left-handed (slice normal against row × column)', async () => {
    const mirrored = layoutOf(
      [40, 40, 40],
      [1, 1, 1],
      [5, 5, 5],
      [...DIRECTION.slice(0, 6), ...DIRECTION.slice(6).map((v) => -v)],
    );
    const middle = voxelToPatient(mirrored, 20, 20, 20);
    const path = await volumeOf('mirrored', [sphere(middle, 12, BLOOD)], mirrored);
    const result = await extractSurface(path, { targetVoxelMm: 1 });
    if (!result) throw new Error('no surface');
    expect(openOrInconsistentEdges(result.mesh)).toBe(0);
    expect(result.volumeMl / ((4 / 3) * Math.PI * 12 ** 3 * 1e-3)).toBeGreaterThan(0.97);
  });

  it('keeps the aorta with the heart and caps it where the scan ends', async () => {
    // An "aorta" leaving the sphere along the slice normal through the last slice.
    const normal = DIRECTION.slice(6, 9) as Vec3;
    const aorta = cylinder(centre, normal, 7, BLOOD);
    const half: Shape = {
      hu: BLOOD,
      distance: (p) => {
        const along = (p[0] - centre[0]) * normal[0] + (p[1] - centre[1]) * normal[1] + (p[2] - centre[2]) * normal[2];
        return Math.max(aorta.distance(p), -along);
      },
    };
    const path = await volumeOf('aorta', [sphere(centre, R, BLOOD), half, ...bone]);
    const result = await extractSurface(path, { targetVoxelMm: 1 });
    if (!result) throw new Error('no surface');
    expect(result.partsKept).toBe(1);
    expect(openOrInconsistentEdges(result.mesh)).toBe(0);
    // The tube reaches the last slice (k = 59): its cap lies about half a voxel beyond it.
    const farthest = Math.max(
      ...points(result.mesh).map(
        (p) => (p[0] - centre[0]) * normal[0] + (p[1] - centre[1]) * normal[1] + (p[2] - centre[2]) * normal[2],
      ),
    );
    expect(farthest).toBeGreaterThan(59 - 28);
    expect(farthest).toBeLessThan(59 - 28 + 1);
    // Sphere plus the tube outside it: capped at 31.5 mm along the normal from the centre.
    const tubeOutside = Math.PI * 7 ** 2 * (31.5 - Math.sqrt(R ** 2 - 7 ** 2));
    const capInside = (Math.PI * (R - Math.sqrt(R ** 2 - 49)) ** 2 * (3 * R - (R - Math.sqrt(R ** 2 - 49)))) / 3;
    const expected = ((4 / 3) * Math.PI * R ** 3 + tubeOutside - capInside) / 1000;
    expect(Math.abs(result.volumeMl / expected - 1)).toBeLessThan(0.04);
  });

  it('averages a fine volume down to about 1.2 mm voxels and still finds the sphere', async () => {
    const fine = layoutOf([100, 100, 80], [0.4, 0.4, 0.5], [10, -20, -400], DIRECTION);
    const middle = voxelToPatient(fine, 50, 50, 40);
    const path = await volumeOf('fine', [sphere(middle, 15, BLOOD)], fine);
    const result = await extractSurface(path);
    if (!result) throw new Error('no surface');
    expect(result.voxelMm).toEqual([1.2, 1.2, 1]);
    expect(openOrInconsistentEdges(result.mesh)).toBe(0);
    expect(Math.abs(result.volumeMl / ((4 / 3) * Math.PI * 15 ** 3 * 1e-3) - 1)).toBeLessThan(0.04);
    const radii = points(result.mesh).map((p) => dist(p, middle));
    expect(Math.max(...radii.map((r) => Math.abs(r - 15)))).toBeLessThan(0.8);
  });

  // Vertex clustering keeps the size and place of the shape, not its closedness: a few folds where a
  // cell boundary grazes the surface.
  it('decimates to the triangle budget, keeping the shape', async () => {
    const path = await volumeOf('budget', [sphere(centre, R, BLOOD)]);
    const full = await extractSurface(path, { targetVoxelMm: 1 });
    const small = await extractSurface(path, { targetVoxelMm: 1, maxTriangles: 1500 });
    if (!full || !small) throw new Error('no surface');
    expect(full.triangles).toBeGreaterThan(1500);
    expect(small.triangles).toBeLessThanOrEqual(1500);
    expect(small.triangles).toBeGreaterThan(700);
    expect(Math.abs(meshVolume(small.mesh) / meshVolume(full.mesh) - 1)).toBeLessThan(0.1);
    const radii = points(small.mesh).map((p) => dist(p, centre));
    expect(Math.max(...radii.map((r) => Math.abs(r - R)))).toBeLessThan(1.5);
  });

  it('answers null for a scan without contrast', async () => {
    const path = await volumeOf('plain', [sphere(centre, R, 60)]);
    expect(await extractSurface(path)).toBeNull();
  });
});

describe('coarse voxel size', () => {
  const budget = { targetVoxelMm: 1.2, maxCoarseVoxels: 8_000_000 };

  it('keeps the target for a cardiac CT (512 × 512 × 500 at 0.4 × 0.4 × 0.5 mm)', () => {
    expect(coarseVoxelMm({ dimensions: [512, 512, 500], spacing: [0.4, 0.4, 0.5] }, budget)).toBe(1.2);
  });

  it('keeps a cardiac field of view (200 × 200 × 150 mm) at the 1.2 mm target with the default budget', () => {
    const cardiac = { dimensions: [512, 512, 300], spacing: [200 / 512, 200 / 512, 0.5] };
    expect(coarseVoxelMm(cardiac, DEFAULT_SURFACE)).toBe(1.2);
    const chest = { dimensions: [512, 512, 500], spacing: [0.7, 0.7, 0.6] };
    expect(coarseVoxelMm(chest, DEFAULT_SURFACE)).toBeGreaterThan(1.9);
  });

  it('goes coarser for a scan eight times as long, so the voxel count (and memory) stays within budget', () => {
    const header = { dimensions: [512, 512, 4000], spacing: [0.4, 0.4, 0.5] };
    const mm = coarseVoxelMm(header, budget);
    expect(mm).toBeGreaterThan(1.2);
    const voxels = header.dimensions.reduce((p, n, axis) => p * ((n * (header.spacing[axis] ?? 1)) / mm), 1);
    expect(voxels).toBeCloseTo(8_000_000, -3);
  });
});
