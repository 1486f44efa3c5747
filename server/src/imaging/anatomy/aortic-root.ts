/**
 * Finds the aortic root: its axis, annulus and sinotubular junction, and the lumen's cross-sections
 * along it.
 *
 * 1. Geodesic distance inside the heart's lumen from the aorta's far end (the descending aorta at the
 *    bottom of the scan, or the ascending aorta cut by the top of a scan that stops below the arch): its
 *    2 mm fronts are the aorta's cross-sections, their centres its centreline, all the way to the root.
 * 2. The LV is where the fronts grow past 2.2 × their size over the 40 mm before, and stay so; the
 *    root lies just before. A line through the fronts' centres of the 25 mm before is the root's first
 *    axis (root and first 25 mm of ascending aorta are straight).
 * 3. Cross-sections perpendicular to that axis every 0.75 mm; the line through their centres is the
 *    better axis, and the sections are taken again along it.
 * 4. The area profile places annulus and STJ (root-profile.ts).
 */

import { geodesicDistance } from './geodesic.ts';
import { fitLine, normalize, scale, sub } from './geometry.ts';
import { filteredAreas, fitRootProfile, leaked, lvOnset, type OnsetMethod, type RootProfile } from './root-profile.ts';
import { type Axis, makeAxis, type Section, section } from './root-sections.ts';
import type { Vec3, WorkVolume } from './types.ts';

export const SECTION_SPACING_MM = 0.75;
const BIN_MM = 2;
export const ANGLE_BINS = 72;

export interface AorticRoot {
  /** Origin: the annulus centre; direction: the root's axis towards the aorta (work-grid mm). */
  axis: Axis;
  profile: RootProfile;
  /** Sections with z measured from the annulus. */
  sections: Section[];
  /** Radius (mm) of the lumen just above the annulus, per angle bin about the axis (from u towards w). */
  annulusRadii: Float64Array;
}

export function findRoot(
  work: WorkVolume,
  heart: Uint8Array,
  depthMm: Float32Array,
  edgeHU: number,
  sources: number[],
  member: Uint8Array,
): AorticRoot | null {
  const { dims, spacing } = work;
  const [nx, ny] = dims;
  const distance = geodesicDistance(heart, dims, spacing, sources);
  let maxDistance = 0;
  for (let v = 0; v < heart.length; v++)
    if (heart[v] && distance[v]! < Infinity) maxDistance = Math.max(maxDistance, distance[v]!);
  const bins = Math.floor(maxDistance / BIN_MM) + 1;
  const sum = new Float64Array(bins * 3);
  const count = new Float64Array(bins);
  const deepest = new Float64Array(bins);
  for (let v = 0; v < heart.length; v++) {
    if (!heart[v] || distance[v] === Infinity) continue;
    const b = Math.floor(distance[v]! / BIN_MM);
    const i = v % nx;
    const j = Math.floor(v / nx) % ny;
    const k = Math.floor(v / (nx * ny));
    sum[b * 3]! += i * spacing[0];
    sum[b * 3 + 1]! += j * spacing[1];
    sum[b * 3 + 2]! += k * spacing[2];
    count[b]!++;
    deepest[b] = Math.max(deepest[b]!, depthMm[v]!);
  }
  const centre = (b: number): Vec3 => [
    sum[b * 3]! / count[b]!,
    sum[b * 3 + 1]! / count[b]!,
    sum[b * 3 + 2]! / count[b]!,
  ];
  // Two ways to find where the fronts enter the LV; the first that gives a root profile wins.
  const candidates = [...frontsGrow(count), deepestWalk(heart, distance, depthMm, deepest)].slice(0, 5);
  for (const method of ['jump', 'sinus'] as const) {
    for (const onsetBin of candidates) {
      if (onsetBin === null || onsetBin < 5) continue;
      const root = rootFrom(work, member, edgeHU, onsetBin, count, centre, method);
      if (root) return root;
    }
  }
  return null;
}

function rootFrom(
  work: WorkVolume,
  member: Uint8Array,
  edgeHU: number,
  onsetBin: number,
  count: Float64Array,
  centre: (b: number) => Vec3,
  method: OnsetMethod,
): AorticRoot | null {
  const along: Vec3[] = [];
  for (let b = Math.max(0, onsetBin - Math.round(25 / BIN_MM)); b <= onsetBin; b++)
    if (count[b]! > 0) along.push(centre(b));
  if (along.length < 5) return null;
  const line = fitLine(along);
  // The line points along the fronts' order, i.e. towards the LV; the axis points the other way.
  const up = scale(line.direction, -1);
  const onsetPoint = centre(onsetBin);
  const t =
    (onsetPoint[0] - line.centre[0]) * line.direction[0] +
    (onsetPoint[1] - line.centre[1]) * line.direction[1] +
    (onsetPoint[2] - line.centre[2]) * line.direction[2];
  let axis = makeAxis(
    [
      line.centre[0] + t * line.direction[0],
      line.centre[1] + t * line.direction[1],
      line.centre[2] + t * line.direction[2],
    ],
    up,
  );
  let sections = sectionsAlong(work, member, edgeHU, axis, -35, 50);
  // Refine: the line through the sections' centres above the LV.
  for (let pass = 0; pass < 3; pass++) {
    const onset = lvOnset(sections, method);
    if (onset === null) break;
    // Root and the first straight part of the ascending aorta (the aorta bends towards the arch beyond).
    const from = onset + 2;
    const to = onset + 22;
    const window = sections.filter((s) => s.z >= from && s.z <= to && s.area > 0);
    const typical = median(window.map((s) => s.area));
    // Sections that leak into a neighbour (area well above the others') would pull the line off.
    const centres: Vec3[] = window
      .filter((s) => s.area <= 1.3 * typical)
      .map((s) => [
        axis.origin[0] + s.z * axis.direction[0] + s.cu * axis.u[0] + s.cw * axis.w[0],
        axis.origin[1] + s.z * axis.direction[1] + s.cu * axis.u[1] + s.cw * axis.w[1],
        axis.origin[2] + s.z * axis.direction[2] + s.cu * axis.u[2] + s.cw * axis.w[2],
      ]);
    if (centres.length < 8) break;
    const refined = fitLine(centres);
    const o = axis.origin;
    const along0 =
      (o[0] - refined.centre[0]) * refined.direction[0] +
      (o[1] - refined.centre[1]) * refined.direction[1] +
      (o[2] - refined.centre[2]) * refined.direction[2];
    axis = makeAxis(
      [
        refined.centre[0] + along0 * refined.direction[0],
        refined.centre[1] + along0 * refined.direction[1],
        refined.centre[2] + along0 * refined.direction[2],
      ],
      normalize(refined.direction),
    );
    sections = sectionsAlong(work, member, edgeHU, axis, -35, 50);
  }
  const profile = fitRootProfile(sections, method);
  if (!profile) return null;
  // A plausible root only: annulus 12–44 mm across, STJ 8–40 mm above it; an STJ height beyond the
  // usual 14–28 mm (a leak near the sinus peak moved it) is held to that range rather than lost.
  if (profile.annulusRadius < 6 || profile.annulusRadius > 22) return null;
  const height = profile.stj - profile.annulus;
  if (height < 8 || height > 40) return null;
  profile.stj = profile.annulus + Math.min(28, Math.max(14, height));
  const annulusCentre = sub(axis.origin, scale(axis.direction, -profile.annulus));
  const rooted = makeAxis(annulusCentre, axis.direction);
  // Leaked sections (a coronary, a wall gap) take the mask of the nearest section that did not leak.
  const filtered = filteredAreas(sections);
  const good = sections.map((s, i) => !leaked(s.area, filtered[i]!));
  const shifted = sections.map((s, i) => {
    let j = i;
    for (let d = 1; !good[j] && d < sections.length; d++) {
      if (i - d >= 0 && good[i - d]) j = i - d;
      else if (i + d < sections.length && good[i + d]) j = i + d;
    }
    return { ...sections[j]!, z: s.z - profile.annulus };
  });
  const rebased: RootProfile = {
    ...profile,
    lvOnset: profile.lvOnset - profile.annulus,
    stj: profile.stj - profile.annulus,
    annulus: 0,
  };
  // The sections were sampled about the old origin; same axis, so in-plane coordinates carry over.
  const nearAnnulus = shifted.reduce((best, s) => (Math.abs(s.z - 0.75) < Math.abs(best.z - 0.75) ? s : best));
  return {
    axis: { ...rooted, u: axis.u, w: axis.w },
    profile: rebased,
    sections: shifted,
    annulusRadii: radialProfile(nearAnnulus),
  };
}

/**
 * Sections from the aorta's side down into the heart, each started from the previous one's centre:
 * an axis a little off still follows the lumen. A section whose centre jumps by more than 6 mm (it
 * found a neighbour) keeps the previous centre for the next.
 */
/**
 * The 2 mm fronts (≥ 30 mm along) larger than 2.2 × the median of the fronts 6–40 mm before them, and
 * so the next three: where the fronts may enter the LV. The sinuses grow the fronts by up to ~1.8 × the
 * ascending aorta's.
 */
/**
 * From the lumen's deepest point (the LV: its cavity is the widest chamber) back front by front: the
 * fronts' inscribed radius falls from the LV's towards the LVOT's; the narrowest front before it grows
 * again (the sinuses) is at the LVOT.
 */
function deepestWalk(
  heart: Uint8Array,
  distance: Float64Array,
  depthMm: Float32Array,
  deepest: Float64Array,
): number | null {
  let lvDeepest = -1;
  for (let v = 0; v < heart.length; v++) {
    if (!heart[v] || distance[v] === Infinity) continue;
    if (lvDeepest < 0 || depthMm[v]! > depthMm[lvDeepest]!) lvDeepest = v;
  }
  if (lvDeepest < 0) return null;
  const lvDepth = depthMm[lvDeepest]!;
  let b = Math.floor(distance[lvDeepest]! / BIN_MM);
  while (b > 0 && deepest[b]! > 0.8 * lvDepth) b--;
  while (b > 0 && deepest[b - 1]! <= deepest[b]!) b--;
  return b;
}

function frontsGrow(count: Float64Array): number[] {
  const from = Math.round(6 / BIN_MM);
  const to = Math.round(40 / BIN_MM);
  const hits: number[] = [];
  for (let b = Math.round(30 / BIN_MM); b < count.length - 3; b++) {
    const window: number[] = [];
    for (let q = Math.max(0, b - to); q <= b - from; q++) if (count[q]! > 0) window.push(count[q]!);
    if (window.length < 5) continue;
    const reference = median(window);
    let grows = true;
    for (let q = b; q < b + 4; q++) if (count[q]! <= 2.2 * reference) grows = false;
    // Every place it happens is a candidate: the arch's bend can grow the fronts too.
    if (grows && (hits.length === 0 || b > hits.at(-1)! + 10)) hits.push(b);
  }
  return hits;
}

function sectionsAlong(
  work: WorkVolume,
  member: Uint8Array,
  edgeHU: number,
  axis: Axis,
  from: number,
  to: number,
): Section[] {
  const out: Section[] = [];
  let near: [number, number] = [0, 0];
  const count = Math.floor((to - from) / SECTION_SPACING_MM) + 1;
  for (let n = count - 1; n >= 0; n--) {
    const s = section(work, member, edgeHU, axis, from + n * SECTION_SPACING_MM, near);
    out.push(s);
    if (s.area > 0 && Math.hypot(s.cu - near[0], s.cw - near[1]) < 6) near = [s.cu, s.cw];
  }
  return out.reverse();
}

/** Largest radius of the section's part per angle bin (angle from u towards w), gaps filled from neighbours. */
function radialProfile(s: Section): Float64Array {
  const radii = new Float64Array(ANGLE_BINS);
  const n = Math.round(Math.sqrt(s.mask.length));
  const half = (n - 1) / 2;
  const step = (2 * 32) / (n - 1);
  for (let b = 0; b < n; b++)
    for (let a = 0; a < n; a++) {
      if (!s.mask[b * n + a]) continue;
      const u = (a - half) * step;
      const w = (b - half) * step;
      const bin = angleBin(Math.atan2(w, u));
      radii[bin] = Math.max(radii[bin]!, Math.hypot(u, w) + step / 2);
    }
  for (let i = 0; i < ANGLE_BINS; i++) {
    if (radii[i]! > 0) continue;
    radii[i] = Math.max(radii[(i + ANGLE_BINS - 1) % ANGLE_BINS]!, radii[(i + 1) % ANGLE_BINS]!);
  }
  return radii;
}

export function angleBin(theta: number): number {
  const t = (theta + 2 * Math.PI) % (2 * Math.PI);
  return Math.min(ANGLE_BINS - 1, Math.floor((t / (2 * Math.PI)) * ANGLE_BINS));
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
