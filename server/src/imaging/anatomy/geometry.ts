/** Small vector helpers for the segmentation (positions in mm along the work grid's axes). */
import type { Vec3 } from './types.ts';

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: Vec3): number => Math.sqrt(dot(a, a));
export const normalize = (a: Vec3): Vec3 => scale(a, 1 / (norm(a) || 1));

/** Two unit vectors perpendicular to `d` and to each other. */
export function planeBasis(d: Vec3): [Vec3, Vec3] {
  const helper: Vec3 = Math.abs(d[0]) < 0.8 ? [1, 0, 0] : [0, 1, 0];
  const u = normalize(cross(d, helper));
  return [u, cross(d, u)];
}

/**
 * The line through `points` that fits them best (least squares): their centroid and principal direction
 * (largest eigenvector of the scatter matrix, by power iteration), pointing from the first point to the last.
 */
export function fitLine(points: Vec3[]): { centre: Vec3; direction: Vec3 } {
  const n = points.length;
  const c: Vec3 = [0, 0, 0];
  for (const p of points) for (let a = 0; a < 3; a++) c[a]! += p[a]! / n;
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const p of points) {
    const q = sub(p, c);
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) m[a * 3 + b]! += q[a]! * q[b]!;
  }
  let v = normalize(sub(points[n - 1]!, points[0]!));
  for (let it = 0; it < 50; it++) {
    v = normalize([
      m[0]! * v[0] + m[1]! * v[1] + m[2]! * v[2],
      m[3]! * v[0] + m[4]! * v[1] + m[5]! * v[2],
      m[6]! * v[0] + m[7]! * v[1] + m[8]! * v[2],
    ]);
  }
  if (dot(v, sub(points[n - 1]!, points[0]!)) < 0) v = scale(v, -1);
  return { centre: c, direction: v };
}
