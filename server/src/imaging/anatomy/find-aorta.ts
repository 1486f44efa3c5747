/**
 * Finds the aorta before anything else, and reads the contrast level from it. In axial slices the
 * aorta is the brightest round lumen that runs on through many slices: the descending aorta beside the
 * spine always (from the arch, or from the top of a scan cut below it, to the diaphragm), the ascending
 * one above the heart. Round and long rules out ribs and the sternum (elongated in axial slices) and
 * the heart's chambers; the lumen being darker at its rim than at its centre rules out vertebral bodies
 * (a bright cortex round cancellous bone); the brightest of the long tracks is the aorta, since the
 * superior vena cava and pulmonary artery (also round, also long) are less enhanced in a left-heart CT.
 *
 * Several thresholds are tried because the level is not known yet: at one of them each lumen stands
 * free of its neighbours (a descending aorta touching the spine merges with the vertebra at 150 HU but
 * not at 260 HU, where cancellous bone is out and the cortex is a thin ring).
 */
import { squaredDistanceInside2d } from './distance-transform.ts';
import type { WorkVolume } from './types.ts';

const THRESHOLDS = [150, 200, 260, 330, 420, 520];
const MIN_RADIUS_MM = 5.5;
const MAX_RADIUS_MM = 24;
/** Area over the area of the largest inscribed disc, both eroded by a pixel (a disc gives ≈ 1). */
const MAX_ROUNDNESS = 1.45;
const MIN_TRACK_MM = 30;

export interface Circle {
  k: number;
  /** Centre in work-grid coordinates (i, j) and inscribed radius (mm). */
  x: number;
  y: number;
  radiusMm: number;
  /** Median HU of the inner half of the disc. */
  coreHU: number;
  roundness: number;
}

export interface AortaTrack {
  circles: Circle[];
  lengthMm: number;
  medianHU: number;
  medianRadiusMm: number;
}

export interface AortaSearch {
  /** The aorta's lumen level (HU): the median core HU of the brightest long track. */
  level: number;
  /** The aorta's tracks (brightest first), all within 15 % of its level. */
  tracks: AortaTrack[];
  /** Every long round track seen, for the warnings. */
  candidates: number;
}

export function findAorta(work: WorkVolume, minContrastHU: number): AortaSearch | null {
  const circles: Circle[][] = [];
  for (let k = 0; k < work.dims[2]; k++) circles.push(circlesInSlice(work, k));
  const all = linkTracks(circles, work.spacing);
  const tracks = all.filter((t) => t.lengthMm >= MIN_TRACK_MM);
  if (tracks.length === 0) return null;
  tracks.sort((a, b) => b.medianHU - a.medianHU);
  const level = tracks[0]!.medianHU;
  if (level < minContrastHU) return null;
  const aorta = tracks.filter((t) => t.medianHU >= 0.85 * level);
  return { level, tracks: aorta, candidates: tracks.length };
}

function circlesInSlice(work: WorkVolume, k: number): Circle[] {
  const [nx, ny] = work.dims;
  const [sx, sy] = work.spacing;
  const plane = nx * ny;
  const hu = work.hu.subarray(k * plane, (k + 1) * plane);
  const pixelMm2 = sx * sy;
  const found: Circle[] = [];
  const mask = new Uint8Array(plane);
  const part = new Int32Array(plane);
  const stack = new Int32Array(plane);
  for (const threshold of THRESHOLDS) {
    let any = false;
    for (let v = 0; v < plane; v++) {
      mask[v] = hu[v]! >= threshold ? 1 : 0;
      if (mask[v]) any = true;
    }
    if (!any) break;
    const d2 = squaredDistanceInside2d(mask, nx, ny, sx, sy);
    part.fill(0);
    let parts = 0;
    for (let seed = 0; seed < plane; seed++) {
      if (!mask[seed] || part[seed]) continue;
      parts++;
      // 4-connected flood, collecting the part's pixels on the stack's tail.
      let top = 0;
      let size = 0;
      const members: number[] = [];
      part[seed] = parts;
      stack[top++] = seed;
      while (top > 0) {
        const v = stack[--top]!;
        members.push(v);
        size++;
        const x = v % nx;
        const neighbours = [
          x > 0 ? v - 1 : -1,
          x < nx - 1 ? v + 1 : -1,
          v >= nx ? v - nx : -1,
          v + nx < plane ? v + nx : -1,
        ];
        for (const n of neighbours) {
          if (n >= 0 && mask[n] && !part[n]) {
            part[n] = parts;
            stack[top++] = n;
          }
        }
      }
      const area = size * pixelMm2;
      if (area < Math.PI * MIN_RADIUS_MM ** 2 || area > Math.PI * (MAX_RADIUS_MM * 1.6) ** 2) continue;
      let best = 0;
      let at = seed;
      for (const v of members) {
        if (d2[v]! > best) {
          best = d2[v]!;
          at = v;
        }
      }
      const radius = Math.sqrt(best);
      if (radius < MIN_RADIUS_MM || radius > MAX_RADIUS_MM) continue;
      // Roundness of the part eroded, so that a thin ring or bridge (a vertebra's cortex touching the
      // aorta) does not spoil a round lumen.
      // Erode by two pixels: the distance of a pixel centre to the nearest outside pixel centre is at
      // least one pixel, so "deeper than two pixels" is one pixel of true erosion at any pixel size.
      const pixel = Math.max(sx, sy);
      const erosion = 2 * pixel;
      let eroded = 0;
      const core: number[] = [];
      const rim: number[] = [];
      const rimReach = Math.max(sx, sy) * 1.01;
      for (const v of members) {
        const d = Math.sqrt(d2[v]!);
        if (d > erosion) eroded++;
        if (d >= 0.5 * radius) core.push(hu[v]!);
        else if (d <= rimReach) rim.push(hu[v]!);
      }
      const roundness = (eroded * pixelMm2) / (Math.PI * Math.max(1, radius - erosion + 0.5 * pixel) ** 2);
      if (roundness > MAX_ROUNDNESS) continue;
      const coreHU = quantile(core, 0.5);
      // A lumen is brighter inside than at its edge (partial volume); bone is the other way round.
      if (quantile(rim, 0.75) > coreHU + 60) continue;
      if (coreHU < threshold + 40) continue;
      found.push({ k, x: at % nx, y: Math.floor(at / nx), radiusMm: radius, coreHU, roundness });
    }
  }
  // The same lumen seen at several thresholds: keep its roundest view.
  found.sort((a, b) => a.roundness - b.roundness);
  const kept: Circle[] = [];
  for (const c of found) {
    const same = kept.some(
      (o) => Math.hypot((o.x - c.x) * sx, (o.y - c.y) * sy) < Math.max(o.radiusMm, c.radiusMm) * 0.6,
    );
    if (!same) kept.push(c);
  }
  return kept;
}

/** Links circles of nearby slices (up to four may be skipped: noise, a bridge) whose centres and radii agree. */
function linkTracks(perSlice: Circle[][], [sx, sy, sliceMm]: readonly [number, number, number]): AortaTrack[] {
  const open: Circle[][] = [];
  const done: Circle[][] = [];
  for (let k = 0; k < perSlice.length; k++) {
    for (let t = open.length - 1; t >= 0; t--) {
      if (open[t]!.at(-1)!.k < k - 5) done.push(...open.splice(t, 1));
    }
    const taken = new Set<Circle[]>();
    for (const c of perSlice[k]!) {
      let best: Circle[] | null = null;
      let bestDistance = Infinity;
      for (const track of open) {
        if (taken.has(track)) continue;
        const last = track.at(-1)!;
        if (last.k === k) continue;
        const distanceMm = Math.hypot((last.x - c.x) * sx, (last.y - c.y) * sy);
        if (distanceMm > Math.max(3, 0.4 * last.radiusMm)) continue;
        if (Math.abs(last.radiusMm - c.radiusMm) > 0.5 * last.radiusMm) continue;
        if (distanceMm < bestDistance) {
          bestDistance = distanceMm;
          best = track;
        }
      }
      if (best) {
        best.push(c);
        taken.add(best);
      } else {
        const track = [c];
        open.push(track);
        taken.add(track);
      }
    }
  }
  done.push(...open);
  return done.map((circles) => ({
    circles,
    lengthMm: (circles.at(-1)!.k - circles[0]!.k) * sliceMm,
    medianHU: quantile(
      circles.map((c) => c.coreHU),
      0.5,
    ),
    medianRadiusMm: quantile(
      circles.map((c) => c.radiusMm),
      0.5,
    ),
  }));
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
