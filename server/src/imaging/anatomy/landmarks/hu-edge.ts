/**
 * Moves a section's label-cast contour onto the lumen's edge in the HU image: along each ray, where the
 * HU falls through the midpoint between the lumen's and the wall's level (the edge of a blurred step
 * is at half its height, whatever the blur). A segmentation whose boundary sits a little outside or
 * inside the lumen then no longer biases the diameters; the label still decides where to look (±2.5 mm).
 */
import type { Vec3 } from '../../types.ts';
import { type PlaneFrame, planeDirection } from './plane-frame.ts';
import { type LabelledVolume, trilinear } from './volume.ts';

export type HuAt = (p: Vec3) => number;

/** Trilinear HU at a patient point (−1000 outside the volume). */
export function huSampler(v: LabelledVolume): HuAt | null {
  const hu = v.hu;
  if (!hu) return null;
  return trilinear(v, (index) => hu[index]!, -1000);
}

const REACH = 2.5;
const STEP = 0.1;
/** Running mean over this many samples (0.5 mm): tames the noise without moving a symmetric edge. */
const SMOOTH = 5;
const OUTLIER = 0.75;

export function refineOnHu(f: PlaneFrame, radii: Float64Array, hu: HuAt): Float64Array {
  const n = radii.length;
  const point = (theta: number, r: number): Vec3 => {
    const d = planeDirection(f, theta);
    return [f.centre[0] + d[0] * r, f.centre[1] + d[1] * r, f.centre[2] + d[2] * r];
  };
  const inner: number[] = [];
  const outer: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = radii[i]!;
    if (!Number.isFinite(r)) continue;
    const theta = (2 * Math.PI * i) / n;
    inner.push(hu(point(theta, 0.5 * r)));
    outer.push(hu(point(theta, r + 1)));
  }
  const out = new Float64Array(n).fill(Number.NaN);
  if (inner.length < 8) return out;
  const threshold = (median(inner) + median(outer)) / 2;
  for (let i = 0; i < n; i++) {
    const r = radii[i]!;
    if (!Number.isFinite(r)) continue;
    const theta = (2 * Math.PI * i) / n;
    const start = Math.max(0.5 * r, r - REACH);
    const count = Math.round((r + REACH - start) / STEP) + 1;
    const raw = new Float64Array(count);
    for (let s = 0; s < count; s++) raw[s] = hu(point(theta, start + s * STEP));
    const half = (SMOOTH - 1) / 2;
    const smooth = (s: number) => {
      let sum = 0;
      let m = 0;
      for (let t = Math.max(0, s - half); t <= Math.min(count - 1, s + half); t++) {
        sum += raw[t]!;
        m++;
      }
      return sum / m;
    };
    let previous = smooth(0);
    if (previous < threshold) continue;
    for (let s = 1; s < count; s++) {
      const value = smooth(s);
      if (value < threshold) {
        out[i] = start + (s - 1 + (previous - threshold) / (previous - value)) * STEP;
        break;
      }
      previous = value;
    }
  }
  // The label border and the HU edge differ by about the same everywhere (the segmentation's bias);
  // a ray whose edge differs by much more ran into a coronary, calcium or a neighbouring blood pool.
  const shifts: number[] = [];
  for (let i = 0; i < n; i++) if (Number.isFinite(out[i]!)) shifts.push(out[i]! - radii[i]!);
  if (shifts.length < 8) return out;
  const typical = median(shifts);
  for (let i = 0; i < n; i++) if (Math.abs(out[i]! - radii[i]! - typical) > OUTLIER) out[i] = Number.NaN;
  return out;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
