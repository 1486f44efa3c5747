/**
 * Vector arithmetic, the heart frame and closed-form ellipse measures the anatomy phantom is built with.
 * Patient space is DICOM's LPS (x to the patient's left, y posterior, z head), in mm.
 */
import type { Vec3 } from '../../types.ts';

export type { Vec3 };

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
// Not Math.hypot: much slower in V8, and these run per voxel.
export const norm = (a: Vec3) => Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
export const normalize = (a: Vec3): Vec3 => scale(a, 1 / norm(a));
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const deg = (radians: number) => (radians * 180) / Math.PI;
export const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Rotation of `v` about unit axis `k` by `angle` (Rodrigues). */
export function rotate(v: Vec3, k: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return add(add(scale(v, c), scale(cross(k, v), s)), scale(k, dot(k, v) * (1 - c)));
}

/** An orthonormal frame: origin and axes in patient space; local coordinates are (x, y, z) along them. */
export interface Frame {
  origin: Vec3;
  x: Vec3;
  y: Vec3;
  z: Vec3;
}

export function toLocal(f: Frame, p: Vec3): Vec3 {
  const d = sub(p, f.origin);
  return [dot(d, f.x), dot(d, f.y), dot(d, f.z)];
}

export function toWorld(f: Frame, q: Vec3): Vec3 {
  return add(f.origin, add(add(scale(f.x, q[0]), scale(f.y, q[1])), scale(f.z, q[2])));
}

/** Distance from `p` to the segment a–b, and where along it (0..1) the closest point lies. */
export function segmentDistance(p: Vec3, a: Vec3, b: Vec3): { distance: number; t: number } {
  const ab = sub(b, a);
  const length2 = dot(ab, ab);
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, dot(sub(p, a), ab) / length2));
  return { distance: norm(sub(p, add(a, scale(ab, t)))), t };
}

/** Radius of the ellipse with semi-axes a (along angle 0) and b at polar angle `theta`. */
export function ellipseRadius(a: number, b: number, theta: number): number {
  const x = b * Math.cos(theta);
  const y = a * Math.sin(theta);
  return (a * b) / Math.sqrt(x * x + y * y);
}

/** Ramanujan's second approximation of an ellipse's perimeter (error < 1e-9 relative at our ellipticities). */
export function ellipsePerimeter(a: number, b: number): number {
  const h = ((a - b) / (a + b)) ** 2;
  return Math.PI * (a + b) * (1 + (3 * h) / (10 + Math.sqrt(4 - 3 * h)));
}

/** The measures an analyst reports for an elliptic cross-section with semi-axes a ≥ b (mm, mm²). */
export interface EllipseMeasures {
  minDiameter: number;
  maxDiameter: number;
  perimeter: number;
  area: number;
  /** perimeter / π */
  perimeterDerivedDiameter: number;
  /** 2 √(area / π) */
  areaDerivedDiameter: number;
}

export function ellipseMeasures(a: number, b: number): EllipseMeasures {
  const perimeter = ellipsePerimeter(a, b);
  const area = Math.PI * a * b;
  return {
    minDiameter: 2 * Math.min(a, b),
    maxDiameter: 2 * Math.max(a, b),
    perimeter,
    area,
    perimeterDerivedDiameter: perimeter / Math.PI,
    areaDerivedDiameter: 2 * Math.sqrt(area / Math.PI),
  };
}

/** A Catmull–Rom spline through `points`, sampled `perSpan` times per span (end points kept). */
export function catmullRom(points: Vec3[], perSpan: number): Vec3[] {
  const out: Vec3[] = [];
  const at = (i: number) => points[Math.max(0, Math.min(points.length - 1, i))]!;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    for (let k = 0; k < perSpan; k++) {
      const t = k / perSpan;
      const t2 = t * t;
      const t3 = t2 * t;
      const c = (j: 0 | 1 | 2) =>
        0.5 *
        (2 * p1[j] +
          (-p0[j] + p2[j]) * t +
          (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2 +
          (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3);
      out.push([c(0), c(1), c(2)]);
    }
  }
  out.push(points[points.length - 1]!);
  return out;
}
