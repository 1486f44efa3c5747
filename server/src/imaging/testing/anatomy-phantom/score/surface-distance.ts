/**
 * Symmetric surface distances between two binary masks on the same grid, in mm with anisotropic voxel
 * spacing: each mask's boundary voxels (inside, with a 6-neighbour outside or at the grid's edge) are
 * scored by their distance to the other mask's nearest boundary voxel, read from an exact Euclidean
 * distance transform (Felzenszwalb–Huttenlocher, separable, one pass per axis). The distances of both
 * directions are pooled, as the average symmetric surface distance (ASSD) does.
 *
 * Volume layout: x fastest, index = (k·ny + j)·nx + i.
 */

import { squaredDistanceTo as squaredDistanceToMask } from '../../../anatomy/distance-transform.ts';

export type Dims = readonly [number, number, number];
export type Spacing = readonly [number, number, number];

export interface SurfaceDistances {
  /** Mean of all boundary-to-boundary distances, both directions pooled (mm). */
  meanMm: number;
  /** 95th percentile of the same pooled distances (mm). */
  p95Mm: number;
  /** Largest (the Hausdorff distance, mm). */
  maxMm: number;
  /** Boundary voxels scored in A and in B. */
  boundaryVoxels: [number, number];
}

/**
 * Mean, 95th percentile and largest symmetric surface distance of `a` and `b`. When one mask is empty and
 * the other is not, every distance is infinite; when both are empty, all are 0.
 */
export function surfaceDistances(a: Uint8Array, b: Uint8Array, dims: Dims, spacing: Spacing): SurfaceDistances {
  const boundaryA = boundaryVoxels(a, dims);
  const boundaryB = boundaryVoxels(b, dims);
  const counts: [number, number] = [boundaryA.length, boundaryB.length];
  if (boundaryA.length === 0 && boundaryB.length === 0)
    return { meanMm: 0, p95Mm: 0, maxMm: 0, boundaryVoxels: counts };
  if (boundaryA.length === 0 || boundaryB.length === 0) {
    return { meanMm: Infinity, p95Mm: Infinity, maxMm: Infinity, boundaryVoxels: counts };
  }
  const distances = new Float64Array(boundaryA.length + boundaryB.length);
  // One transform at a time: at 13 million voxels each is 52 MB.
  let field = squaredDistanceTo(boundaryB, dims, spacing);
  for (let n = 0; n < boundaryA.length; n++) distances[n] = Math.sqrt(field[boundaryA[n]!]!);
  field = squaredDistanceTo(boundaryA, dims, spacing);
  for (let n = 0; n < boundaryB.length; n++) distances[boundaryA.length + n] = Math.sqrt(field[boundaryB[n]!]!);
  distances.sort();
  let sum = 0;
  for (const d of distances) sum += d;
  return {
    meanMm: sum / distances.length,
    p95Mm: percentileOfSorted(distances, 95),
    maxMm: distances[distances.length - 1]!,
    boundaryVoxels: counts,
  };
}

/** Indices of the mask's voxels that have a 6-neighbour outside the mask or lie on the grid's edge. */
export function boundaryVoxels(mask: Uint8Array, [nx, ny, nz]: Dims): Int32Array {
  const plane = nx * ny;
  const out: number[] = [];
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const v = k * plane + j * nx + i;
        if (!mask[v]) continue;
        const edge = i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1;
        if (
          edge ||
          !mask[v - 1] ||
          !mask[v + 1] ||
          !mask[v - nx] ||
          !mask[v + nx] ||
          !mask[v - plane] ||
          !mask[v + plane]
        ) {
          out.push(v);
        }
      }
    }
  }
  return Int32Array.from(out);
}

/**
 * Squared distance (mm²) from every voxel centre to the nearest of `sources`; Infinity with no source.
 * The exact transform is the segmentation's own (`imaging/anatomy/distance-transform.ts`): the scorer
 * may use shipped code, never the other way round.
 */
export function squaredDistanceTo(sources: Int32Array, dims: Dims, spacing: Spacing): Float32Array {
  const mask = new Uint8Array(dims[0] * dims[1] * dims[2]);
  for (const v of sources) mask[v] = 1;
  return squaredDistanceToMask(mask, [dims[0], dims[1], dims[2]], [spacing[0], spacing[1], spacing[2]]);
}

/** Percentile (0–100) of ascending values, linear between the nearest ranks (as numpy's default). */
export function percentileOfSorted(sorted: ArrayLike<number>, percent: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (percent / 100) * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** Median of any values (NaN for none). */
export function median(values: readonly number[]): number {
  return percentileOfSorted(
    [...values].sort((x, y) => x - y),
    50,
  );
}
