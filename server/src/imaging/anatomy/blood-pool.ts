/**
 * The contrast-filled left heart and aorta as one mask on the work grid, from the aorta's level.
 *
 * - The lumen edge is half way between the lumen's level and the myocardium's (~80 HU), not a fixed
 *   150 HU: a fixed threshold sits near the myocardium in a bright scan (surface 1–1.5 mm outside) and
 *   near the lumen in a faint one.
 * - Cores: voxels more than 2 mm inside that mask. Walls between the blood pools are 2.5–3 mm thick, so
 *   a bridge through a wall gap (noise, blur) is never a core, while every chamber and vessel is; the
 *   cores of the left heart, right heart, pulmonary artery and bone come apart.
 * - A core is the left heart's when it is about as bright as the aorta (≥ 88 % of its level, read on a
 *   1.5 mm smoothing where noise no longer matters) and connected to the aorta's tracks: the right heart
 *   and pulmonary artery are less enhanced; bone and ribs are not connected to the aorta's cores.
 * - Every core then grows back into the mask by a few mm, all at once, so that each bridge is split
 *   between its two sides, and the thin rim, coronary stubs and calcium next to the lumen come back.
 */
import { labelComponents } from '../surface/connected-components.ts';
import { squaredDistanceInside } from './distance-transform.ts';
import { forEachFaceNeighbour } from './face-neighbours.ts';
import type { WorkVolume } from './types.ts';
import { gaussianSmooth } from './work-grid.ts';

/** Level of what surrounds the lumen (myocardium, walls) for the edge half way. */
export const SURROUND_HU = 80;
const CORE_MM = 2;
const BRIGHT_FRACTION = 0.88;
/** A dim core must be this thick to compete (a right heart chamber), not a dim rim of a bright lumen. */
const COMPETITOR_MM = 4.5;
const GROW_MM = 3.5;
/** Cores of the LV and LA alone hold far more than this. */
const HEART_MIN_ML = 60;

export interface BloodPool {
  /** 1 where the left heart and aorta are (work grid). */
  kept: Uint8Array;
  /** 1 where another lumen (right heart, PA, bone) claimed the voxel. */
  claimedByOthers: Uint8Array;
  /** Lumen edge threshold (HU). */
  edgeHU: number;
  /** Distance (mm) of each voxel inside the edge threshold to the nearest voxel outside. */
  depthMm: Float32Array;
  /** Left-heart cores that came apart from the aorta's (kept only when tubular and bright: none yet). */
  partsKept: number;
}

/** Far above the lumen: calcium, or bone (HU). */
export function calciumThreshold(level: number): number {
  return level + Math.max(200, 0.45 * level);
}

export function edgeThreshold(level: number): number {
  return (level + SURROUND_HU) / 2;
}

export function leftHeartPool(work: WorkVolume, level: number, seeds: number[]): BloodPool {
  const { dims, spacing, hu } = work;
  const n = hu.length;
  const edgeHU = edgeThreshold(level);
  const inside = new Uint8Array(n);
  for (let v = 0; v < n; v++) inside[v] = hu[v]! >= edgeHU ? 1 : 0;
  const depthMm = squaredDistanceInside(inside, dims, spacing);
  for (let v = 0; v < n; v++) depthMm[v] = Math.sqrt(depthMm[v]!);

  const broad = Float32Array.from(hu);
  gaussianSmooth(broad, dims, spacing, 1.3);
  const brightHU = BRIGHT_FRACTION * level;
  const bright = new Uint8Array(n);
  const dim = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    if (depthMm[v]! <= CORE_MM) continue;
    if (broad[v]! >= brightHU) bright[v] = 1;
    else dim[v] = 1;
  }
  const brightParts = labelComponents(bright, dims);
  const keptParts = new Set<number>();
  for (const s of seeds) {
    const part = nearestPart(brightParts.labels, dims, s, 2);
    if (part > 0) keptParts.add(part);
  }
  // A scan cut off below the arch: the ascending aorta runs obliquely into the heart and may show no
  // round track; the heart is then the largest bright part (far larger than any rib or vessel).
  const voxelMl = (spacing[0] * spacing[1] * spacing[2]) / 1000;
  let largest = 0;
  for (let p = 1; p < brightParts.sizes.length; p++)
    if (brightParts.sizes[p]! > brightParts.sizes[largest]!) largest = p;
  if (brightParts.sizes.length > 0 && brightParts.sizes[largest]! * voxelMl >= HEART_MIN_ML) keptParts.add(largest + 1);
  const dimParts = labelComponents(dim, dims);
  const dimThick = new Uint8Array(dimParts.sizes.length + 1);
  for (let v = 0; v < n; v++)
    if (dimParts.labels[v]! > 0 && depthMm[v]! >= COMPETITOR_MM) dimThick[dimParts.labels[v]!] = 1;

  // Grow every core at once, breadth first through the mask, GROW_MM deep at most.
  const claim = new Uint8Array(n); // 0 free, 1 left heart, 2 others
  const steps = new Uint8Array(n);
  let queue = new Int32Array(n);
  let next = new Int32Array(n);
  let size = 0;
  for (let v = 0; v < n; v++) {
    const b = brightParts.labels[v]!;
    const d = dimParts.labels[v]!;
    if (b > 0) claim[v] = keptParts.has(b) ? 1 : 2;
    else if (d > 0 && dimThick[d]) claim[v] = 2;
    if (claim[v]) queue[size++] = v;
  }
  const maxSteps = Math.ceil(GROW_MM / Math.min(...spacing));
  // Growth stops at bone-bright voxels: a vertebra or rib touching the aorta would otherwise come in
  // along the whole contact. Calcium at the root is labelled on the source grid from its neighbours.
  const boneHU = calciumThreshold(level);
  for (let step = 1; step <= maxSteps && size > 0; step++) {
    let nextSize = 0;
    for (let q = 0; q < size; q++) {
      const v = queue[q]!;
      const c = claim[v]!;
      forEachFaceNeighbour(v, dims, (u) => {
        if (inside[u] && !claim[u] && hu[u]! < boneHU) {
          claim[u] = c;
          steps[u] = step;
          next[nextSize++] = u;
        }
      });
    }
    [queue, next] = [next, queue];
    size = nextSize;
  }
  const kept = new Uint8Array(n);
  const claimedByOthers = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    if (claim[v] === 1) kept[v] = 1;
    else if (claim[v] === 2) claimedByOthers[v] = 1;
  }
  return { kept, claimedByOthers, edgeHU, depthMm, partsKept: keptParts.size };
}

/** The part label at `v`, or the first non-zero one within `reach` voxels (a track's centre may sit on a core's edge). */
function nearestPart(labels: Int32Array, [nx, ny, nz]: readonly number[], v: number, reach: number): number {
  if (labels[v]! > 0) return labels[v]!;
  const x = v % nx!;
  const y = Math.floor(v / nx!) % ny!;
  const z = Math.floor(v / (nx! * ny!));
  for (let r = 1; r <= reach; r++) {
    for (let dz = -r; dz <= r; dz++)
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const i = x + dx;
          const j = y + dy;
          const k = z + dz;
          if (i < 0 || j < 0 || k < 0 || i >= nx! || j >= ny! || k >= nz!) continue;
          const label = labels[(k * ny! + j) * nx! + i]!;
          if (label > 0) return label;
        }
  }
  return 0;
}
