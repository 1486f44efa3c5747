/**
 * Cross-sections of the lumen in planes perpendicular to an axis: the smoothed HU sampled every 0.5 mm
 * in the plane (trilinear), inside where it is at or above the edge threshold and the voxel is part of
 * the left-heart mask (grown by one voxel), and only the part connected to the axis point. Sampling finer
 * than the work grid gives areas to a few percent, enough to see the sinus bulge and the LV's onset.
 */
import { add, planeBasis, scale } from './geometry.ts';
import type { Vec3, WorkVolume } from './types.ts';
import { trilinear } from './work-grid.ts';

export const SECTION_STEP_MM = 0.5;
export const SECTION_HALF_MM = 32;
const N = Math.round((2 * SECTION_HALF_MM) / SECTION_STEP_MM) + 1;

export interface Section {
  /** Height along the axis (mm from the axis origin). */
  z: number;
  /** Area (mm²) and centroid (mm, in-plane coordinates u, w) of the part connected to the axis. */
  area: number;
  cu: number;
  cw: number;
  /** N × N, 1 where the connected part is; sample (a, b) is at (a − half, b − half)·step along (u, w). */
  mask: Uint8Array;
}

export interface Axis {
  origin: Vec3;
  /** Unit vector, towards the aorta. */
  direction: Vec3;
  u: Vec3;
  w: Vec3;
}

export function makeAxis(origin: Vec3, direction: Vec3): Axis {
  const [u, w] = planeBasis(direction);
  return { origin, direction, u, w };
}

export function sectionSize(): number {
  return N;
}

/** `near`: in-plane point (mm) to start the part from, default the axis point (the previous section's centre when tracking). */
export function section(
  work: WorkVolume,
  member: Uint8Array,
  edgeHU: number,
  axis: Axis,
  z: number,
  near: [number, number] = [0, 0],
): Section {
  const [nx, ny, nz] = work.dims;
  const [sx, sy, sz] = work.spacing;
  const centre = add(axis.origin, scale(axis.direction, z));
  const inside = new Uint8Array(N * N);
  const half = (N - 1) / 2;
  for (let b = 0; b < N; b++) {
    for (let a = 0; a < N; a++) {
      const du = (a - half) * SECTION_STEP_MM;
      const dw = (b - half) * SECTION_STEP_MM;
      const x = (centre[0] + du * axis.u[0] + dw * axis.w[0]) / sx;
      const y = (centre[1] + du * axis.u[1] + dw * axis.w[1]) / sy;
      const zz = (centre[2] + du * axis.u[2] + dw * axis.w[2]) / sz;
      const i = Math.round(x);
      const j = Math.round(y);
      const k = Math.round(zz);
      if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) continue;
      if (!member[(k * ny + j) * nx + i]) continue;
      if (trilinear(work.hu, work.dims, x, y, zz) >= edgeHU) inside[b * N + a] = 1;
    }
  }
  // Start from `near`, or the nearest inside sample within 6 mm of it.
  let start = -1;
  let best = Infinity;
  const reach = Math.round(6 / SECTION_STEP_MM);
  const na = Math.round(near[0] / SECTION_STEP_MM + half);
  const nb = Math.round(near[1] / SECTION_STEP_MM + half);
  for (let b = Math.max(0, nb - reach); b <= Math.min(N - 1, nb + reach); b++)
    for (let a = Math.max(0, na - reach); a <= Math.min(N - 1, na + reach); a++) {
      const d = (a - na) ** 2 + (b - nb) ** 2;
      if (inside[b * N + a] && d < best) {
        best = d;
        start = b * N + a;
      }
    }
  const mask = new Uint8Array(N * N);
  let count = 0;
  let su = 0;
  let sw = 0;
  if (start >= 0) {
    const stack = [start];
    mask[start] = 1;
    while (stack.length) {
      const v = stack.pop()!;
      const a = v % N;
      const b = (v - a) / N;
      count++;
      su += a - half;
      sw += b - half;
      for (const [da, db] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const aa = a + da;
        const bb = b + db;
        if (aa < 0 || bb < 0 || aa >= N || bb >= N) continue;
        const u = bb * N + aa;
        if (inside[u] && !mask[u]) {
          mask[u] = 1;
          stack.push(u);
        }
      }
    }
  }
  const area = count * SECTION_STEP_MM ** 2;
  return {
    z,
    area,
    cu: count ? (su / count) * SECTION_STEP_MM : 0,
    cw: count ? (sw / count) * SECTION_STEP_MM : 0,
    mask,
  };
}

/** Is in-plane point (u, w) mm inside the section's part (or within one sample of it)? */
export function inSection(s: Section, u: number, w: number): boolean {
  const half = (N - 1) / 2;
  const a = Math.round(u / SECTION_STEP_MM + half);
  const b = Math.round(w / SECTION_STEP_MM + half);
  for (let db = -1; db <= 1; db++)
    for (let da = -1; da <= 1; da++) {
      const aa = a + da;
      const bb = b + db;
      if (aa >= 0 && bb >= 0 && aa < N && bb < N && s.mask[bb * N + aa]) return true;
    }
  return false;
}
