/**
 * Samples the structures at every voxel centre: the label of the highest-priority structure containing
 * the centre, and its HU. Structures are visited in priority order, each over its bounding box only, so a
 * voxel is decided by the first structure that contains it (exact labels, no partial volume: that comes
 * from the blur in image-noise.ts).
 */
import type { Vec3 } from './geometry.ts';
import type { Structure } from './shapes.ts';

export interface Grid {
  /** Voxels along x (columns), y (rows), z (slices). */
  dims: [number, number, number];
  /** mm between voxel centres along x, y, z. */
  spacing: Vec3;
  /** Patient position (LPS, mm) of voxel (0, 0, 0)'s centre; axes are the patient axes. */
  origin: Vec3;
}

export const AIR_HU = -1000;

export function rasterise(structures: Structure[], grid: Grid): { labels: Uint8Array; hu: Float32Array } {
  const [nx, ny, nz] = grid.dims;
  const count = nx * ny * nz;
  const labels = new Uint8Array(count);
  const hu = new Float32Array(count).fill(AIR_HU);
  const owned = new Uint8Array(count);
  const ordered = [...structures].sort((a, b) => b.priority - a.priority);
  const range = (axis: 0 | 1 | 2, low: number, high: number, n: number) => [
    Math.max(0, Math.ceil((low - grid.origin[axis]) / grid.spacing[axis])),
    Math.min(n - 1, Math.floor((high - grid.origin[axis]) / grid.spacing[axis])),
  ];
  const p: Vec3 = [0, 0, 0];
  for (const s of ordered) {
    const [i0, i1] = range(0, s.min[0], s.max[0], nx) as [number, number];
    const [j0, j1] = range(1, s.min[1], s.max[1], ny) as [number, number];
    const [k0, k1] = range(2, s.min[2], s.max[2], nz) as [number, number];
    for (let k = k0; k <= k1; k++) {
      p[2] = grid.origin[2] + k * grid.spacing[2];
      for (let j = j0; j <= j1; j++) {
        p[1] = grid.origin[1] + j * grid.spacing[1];
        let index = (k * ny + j) * nx + i0;
        for (let i = i0; i <= i1; i++, index++) {
          if (owned[index]) continue;
          p[0] = grid.origin[0] + i * grid.spacing[0];
          if (!s.inside(p)) continue;
          owned[index] = 1;
          labels[index] = s.label;
          hu[index] = s.hu(p);
        }
      }
    }
  }
  return { labels, hu };
}

/** Patient position of voxel (i, j, k)'s centre. */
export function voxelCentre(grid: Grid, i: number, j: number, k: number): Vec3 {
  return [
    grid.origin[0] + i * grid.spacing[0],
    grid.origin[1] + j * grid.spacing[1],
    grid.origin[2] + k * grid.spacing[2],
  ];
}

/** Label of the voxel nearest to patient point `p`, or 0 outside the grid. */
export function labelAt(labels: Uint8Array, grid: Grid, p: Vec3): number {
  const [nx, ny, nz] = grid.dims;
  const i = Math.round((p[0] - grid.origin[0]) / grid.spacing[0]);
  const j = Math.round((p[1] - grid.origin[1]) / grid.spacing[1]);
  const k = Math.round((p[2] - grid.origin[2]) / grid.spacing[2]);
  if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) return 0;
  return labels[(k * ny + j) * nx + i]!;
}
