/**
 * The lumen's closed contour in a plane, cast as polar radii from a centre inside it: along each ray,
 * the first place where the lumen's interpolated membership falls below one half. Rays that end on a
 * label the caller distrusts (calcium cutting into the lumen) come back NaN, and the Fourier fit fills
 * them from their neighbours instead of letting a nodule dent the contour.
 */
import type { Vec3 } from '../../types.ts';
import { inPlane, type PlaneFrame, planeDirection } from './plane-frame.ts';

export interface RayOptions {
  /** Membership of the lumen at a point (0..1). */
  inside: (p: Vec3) => number;
  /** Label at a point, for `rejectLabels`. */
  labelAt?: (p: Vec3) => number;
  /** A ray whose end touches one of these labels is dropped (NaN). */
  rejectLabels?: Uint8Array;
  maxRadius: number;
  step?: number;
}

export function castRay(f: PlaneFrame, theta: number, o: RayOptions): number {
  const d = planeDirection(f, theta);
  const step = o.step ?? 0.25;
  const at = (r: number): Vec3 => [f.centre[0] + d[0] * r, f.centre[1] + d[1] * r, f.centre[2] + d[2] * r];
  if (o.inside(f.centre) < 0.5) return Number.NaN;
  let r = 0;
  let value = 1;
  while (r < o.maxRadius) {
    const next = o.inside(at(r + step));
    if (next < 0.5) {
      // Linear interpolation of the 0.5 crossing between the last two samples.
      const t = (value - 0.5) / (value - next);
      const end = r + step * t;
      if (o.rejectLabels && o.labelAt) {
        for (const extra of [0.3, 0.8]) if (o.rejectLabels[o.labelAt(at(end + extra))]) return Number.NaN;
      }
      return end;
    }
    value = next;
    r += step;
  }
  return Number.NaN;
}

export function castContour(f: PlaneFrame, rays: number, o: RayOptions): Float64Array {
  const out = new Float64Array(rays);
  for (let i = 0; i < rays; i++) out[i] = castRay(f, (2 * Math.PI * i) / rays, o);
  return out;
}

/** The patient points of a polar contour. */
export function contourPoints(f: PlaneFrame, radii: ArrayLike<number>): Vec3[] {
  const n = radii.length;
  const out: Vec3[] = [];
  for (let i = 0; i < n; i++) {
    const theta = (2 * Math.PI * i) / n;
    out.push(inPlane(f, radii[i]! * Math.cos(theta), radii[i]! * Math.sin(theta)));
  }
  return out;
}
