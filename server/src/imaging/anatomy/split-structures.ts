/**
 * Splits the left-heart mask into its structures, the aorta found first and everything else placed
 * against the aortic root:
 *
 * - root + LVOT: between the annulus and the STJ, the lumen's cross-section connected to the axis (the
 *   walls part it from the LA and PA); below the annulus, 12 mm of the LVOT within the annulus' outline
 *   (narrowing a little), the rest of that depth being LV — the image has no edge there, the definition
 *   does.
 * - aorta: what the aorta's tracks reach without crossing the root; separate parts (a descending aorta
 *   cut off from the heart by a scan below the arch) that hold a track are aorta too.
 * - LV and LA: the rest, split by a watershed on the distance to the lumen's edge from the deepest
 *   point below the LVOT (LV) and the deepest point above the annulus (LA): the fronts meet at the
 *   mitral narrowing. The LV never reaches above the annulus plane.
 * - LAA (laa.ts).
 */
import { labelComponents } from '../surface/connected-components.ts';
import { angleBin, findRoot } from './aortic-root.ts';
import type { BloodPool } from './blood-pool.ts';
import { forEachFaceNeighbour } from './face-neighbours.ts';
import type { AortaSearch } from './find-aorta.ts';
import { MinHeap } from './geodesic.ts';
import { splitAppendage } from './laa.ts';
import { inSection } from './root-sections.ts';
import { ANATOMY_LABEL, type Dims, type Vec3, type WorkVolume } from './types.ts';

export const LVOT_DEPTH_MM = 12;
/** The LVOT narrows below the annulus (by 0–15 % over 12 mm in the phantom's range); the mean is used. */
const LVOT_TAPER = 0.925;

export interface StructureSplit {
  labels: Uint8Array;
  root: { centre: Vec3; axis: Vec3; stjHeightMm: number; annulusRadiusMm: number } | null;
  warnings: string[];
}

export function splitStructures(work: WorkVolume, pool: BloodPool, aorta: AortaSearch): StructureSplit {
  const { dims, spacing } = work;
  const [nx, ny] = dims;
  const plane = nx * ny;
  const n = pool.kept.length;
  const labels = new Uint8Array(n);
  const warnings: string[] = [];
  const parts = labelComponents(pool.kept, dims);
  let heartPart = 0;
  for (let p = 1; p < parts.sizes.length; p++) if (parts.sizes[p]! > parts.sizes[heartPart]!) heartPart = p;
  heartPart += 1;
  const heart = new Uint8Array(n);
  for (let v = 0; v < n; v++) if (parts.labels[v] === heartPart) heart[v] = 1;

  // Tracks' circles per part; parts other than the heart's that hold a track are aorta.
  const circlesInHeart: { k: number; v: number; radiusMm: number; track: number }[] = [];
  const aortaParts = new Set<number>();
  aorta.tracks.forEach((track, t) => {
    for (const c of track.circles) {
      const v = (c.k * ny + c.y) * nx + c.x;
      const p = parts.labels[v]!;
      if (p === heartPart) circlesInHeart.push({ k: c.k, v, radiusMm: c.radiusMm, track: t });
      else if (p > 0) aortaParts.add(p);
    }
  });
  for (let v = 0; v < n; v++) if (aortaParts.has(parts.labels[v]!)) labels[v] = ANATOMY_LABEL.aorta;

  const sources = aortaFarEnd(heart, dims, spacing, circlesInHeart);
  const member = growByOne(pool.kept, dims);
  const root = sources.length > 0 ? findRoot(work, heart, pool.depthMm, pool.edgeHU, sources, member) : null;
  if (!root) {
    warnings.push('the aortic root could not be placed: the heart is left unlabelled');
    return { labels, root: null, warnings };
  }

  // Root + LVOT.
  const { axis, profile, sections } = root;
  const h = profile.stj;
  const first = sections[0]!.z;
  const step = sections.length > 1 ? sections[1]!.z - first : 1;
  const height = new Float32Array(n);
  const aortaSeeds: number[] = [];
  const chamberSeeds: number[] = [];
  for (let v = 0; v < n; v++) {
    if (!heart[v]) continue;
    const i = v % nx;
    const j = Math.floor(v / nx) % ny;
    const k = Math.floor(v / plane);
    const d: Vec3 = [i * spacing[0] - axis.origin[0], j * spacing[1] - axis.origin[1], k * spacing[2] - axis.origin[2]];
    const z = d[0] * axis.direction[0] + d[1] * axis.direction[1] + d[2] * axis.direction[2];
    const u = d[0] * axis.u[0] + d[1] * axis.u[1] + d[2] * axis.u[2];
    const w = d[0] * axis.w[0] + d[1] * axis.w[1] + d[2] * axis.w[2];
    height[v] = z;
    const rho = Math.hypot(u, w);
    if (z >= 0 && z <= h) {
      const s = sections[Math.round((z - first) / step)];
      if (s && inSection(s, u, w)) labels[v] = ANATOMY_LABEL.aorticRoot;
    } else if (z < 0 && z >= -LVOT_DEPTH_MM) {
      const r = root.annulusRadii[angleBin(Math.atan2(w, u))]!;
      if (rho <= r * (1 - (1 - LVOT_TAPER) * (-z / LVOT_DEPTH_MM))) labels[v] = ANATOMY_LABEL.aorticRoot;
    }
    if (labels[v]) continue;
    if (z > h && z <= h + 8 && rho < 0.8 * profile.stjRadius) aortaSeeds.push(v);
    else if (z < -LVOT_DEPTH_MM - 3 && z > -LVOT_DEPTH_MM - 25 && rho < 15) chamberSeeds.push(v);
  }
  // Track circles seed the aorta when they are surely aorta: a long track (the descending aorta) or
  // above the STJ (the ascending); a short round track may run through a pulmonary vein or the LA.
  for (const c of circlesInHeart) {
    if (labels[c.v]) continue;
    if (aorta.tracks[c.track]!.lengthMm >= 60 || height[c.v]! > h) aortaSeeds.push(c.v);
  }

  // Aorta against the chambers: whoever reaches a voxel first (through the heart, never the root).
  const side = compete(heart, labels, dims, [aortaSeeds, chamberSeeds]);
  for (let v = 0; v < n; v++) if (heart[v] && !labels[v] && side[v] === 1) labels[v] = ANATOMY_LABEL.aorta;
  if (chamberSeeds.length === 0) warnings.push('no LV cavity found below the LVOT');

  // LV against LA: watershed on the depth from the two deepest points.
  let lvSeed = -1;
  let laSeed = -1;
  for (let v = 0; v < n; v++) {
    if (!heart[v] || labels[v] || side[v] !== 2) continue;
    const z = height[v]!;
    if (z < -LVOT_DEPTH_MM - 3 && (lvSeed < 0 || pool.depthMm[v]! > pool.depthMm[lvSeed]!)) lvSeed = v;
    if (z > 3 && (laSeed < 0 || pool.depthMm[v]! > pool.depthMm[laSeed]!)) laSeed = v;
  }
  const chambers = new Uint8Array(n);
  for (let v = 0; v < n; v++) if (heart[v] && !labels[v] && side[v] === 2) chambers[v] = 1;
  if (laSeed < 0) warnings.push('no left atrium found above the annulus');
  const split = watershed(chambers, pool.depthMm, dims, [lvSeed, laSeed], (v, which) => which !== 0 || height[v]! < 0);
  let la = 0;
  for (let v = 0; v < n; v++) {
    if (!chambers[v]) continue;
    if (split[v] === 1) labels[v] = ANATOMY_LABEL.lvCavity;
    else if (split[v] === 2) {
      labels[v] = ANATOMY_LABEL.leftAtrium;
      la++;
    }
  }
  if (la > 0) warnings.push(...splitAppendage(labels, work, axis.origin));

  return {
    labels,
    root: {
      centre: axis.origin,
      axis: axis.direction,
      stjHeightMm: Math.round(h * 10) / 10,
      annulusRadiusMm: Math.round(profile.annulusRadius * 10) / 10,
    },
    warnings,
  };
}

/**
 * The voxels the geodesic walk starts from: the descending aorta's section in the lowest slice of a
 * track that reaches the bottom of the scan; else the heart's lumen in the top slice (the ascending
 * aorta of a scan cut off below the arch); else the lowest circle of the longest track.
 */
function aortaFarEnd(
  heart: Uint8Array,
  [nx, ny, nz]: Dims,
  spacing: Vec3,
  circles: { k: number; v: number; radiusMm: number; track: number }[],
): number[] {
  const plane = nx * ny;
  const around = (c: { k: number; v: number; radiusMm: number }) => {
    const out: number[] = [];
    const ci = c.v % nx;
    const cj = Math.floor(c.v / nx) % ny;
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const v = c.k * plane + j * nx + i;
        if (heart[v] && Math.hypot((i - ci) * spacing[0], (j - cj) * spacing[1]) <= 1.3 * c.radiusMm) out.push(v);
      }
    return out;
  };
  const lowest = circles.reduce<(typeof circles)[number] | null>((best, c) => (!best || c.k < best.k ? c : best), null);
  if (lowest && lowest.k <= 3) return around(lowest);
  const top = largestPieceInSlice(heart, nx, ny, nz - 1);
  if (top.length > 0) return top;
  return lowest ? around(lowest) : [];
}

/** The largest 4-connected piece of `mask` in slice k (the ascending aorta where a scan stops below the arch). */
function largestPieceInSlice(mask: Uint8Array, nx: number, ny: number, k: number): number[] {
  const plane = nx * ny;
  const seen = new Uint8Array(plane);
  let best: number[] = [];
  for (let s = 0; s < plane; s++) {
    if (!mask[k * plane + s] || seen[s]) continue;
    const piece: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      piece.push(k * plane + p);
      const x = p % nx;
      for (const q of [
        x > 0 ? p - 1 : -1,
        x < nx - 1 ? p + 1 : -1,
        p >= nx ? p - nx : -1,
        p + nx < plane ? p + nx : -1,
      ]) {
        if (q >= 0 && !seen[q] && mask[k * plane + q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (piece.length > best.length) best = piece;
  }
  return best;
}

/** Multi-source breadth-first growth through `mask` avoiding labelled voxels: 1 + the index of the first source set to arrive. */
function compete(mask: Uint8Array, blocked: Uint8Array, dims: Dims, seedSets: number[][]): Uint8Array {
  const owner = new Uint8Array(mask.length);
  let queue: number[] = [];
  seedSets.forEach((seeds, s) => {
    for (const v of seeds) {
      if (!owner[v] && mask[v] && !blocked[v]) {
        owner[v] = s + 1;
        queue.push(v);
      }
    }
  });
  while (queue.length) {
    const next: number[] = [];
    for (const v of queue) {
      const o = owner[v]!;
      forEachFaceNeighbour(v, dims, (u) => {
        if (mask[u] && !blocked[u] && !owner[u]) {
          owner[u] = o;
          next.push(u);
        }
      });
    }
    queue = next;
  }
  return owner;
}

/** Priority flood from seeds, deepest voxels first; `allowed(v, seedIndex)` may keep a seed's label out of a voxel. */
function watershed(
  mask: Uint8Array,
  depth: Float32Array,
  dims: Dims,
  seeds: number[],
  allowed: (v: number, which: number) => boolean,
): Uint8Array {
  const owner = new Uint8Array(mask.length);
  const heap = new MinHeap();
  seeds.forEach((s, which) => {
    if (s >= 0 && mask[s]) {
      owner[s] = which + 1;
      heap.push(s, -depth[s]!);
    }
  });
  while (heap.size > 0) {
    const [v] = heap.pop();
    const o = owner[v]!;
    forEachFaceNeighbour(v, dims, (u) => {
      if (mask[u] && !owner[u] && allowed(u, o - 1)) {
        owner[u] = o;
        heap.push(u, -depth[u]!);
      }
    });
  }
  return owner;
}

function growByOne(mask: Uint8Array, dims: Dims): Uint8Array {
  const out = Uint8Array.from(mask);
  const set = (u: number) => {
    out[u] = 1;
  };
  for (let v = 0; v < mask.length; v++) if (mask[v]) forEachFaceNeighbour(v, dims, set);
  return out;
}
