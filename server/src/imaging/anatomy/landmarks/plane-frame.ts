/**
 * A plane as a frame: centre, unit normal, and two in-plane unit axes, so contours can be cast as
 * polar radii and turned back into patient points.
 */
import type { Vec3 } from '../../types.ts';
import { add, cross, dot, normalize, scale, sub } from '../../volume/vector.ts';

export interface PlaneFrame {
  centre: Vec3;
  normal: Vec3;
  u: Vec3;
  v: Vec3;
}

/** In-plane axes chosen from the normal alone (stable: the patient axis least aligned with it). */
export function planeFrame(centre: Vec3, normal: Vec3, reference?: Vec3): PlaneFrame {
  const n = normalize(normal);
  let r: Vec3 = reference ?? (Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]);
  r = sub(r, scale(n, dot(r, n)));
  const u = normalize(r);
  return { centre, normal: n, u, v: cross(n, u) };
}

export function inPlane(f: PlaneFrame, x: number, y: number, z = 0): Vec3 {
  return add(f.centre, add(add(scale(f.u, x), scale(f.v, y)), scale(f.normal, z)));
}

/** Direction in the plane at polar angle `theta` from `u` towards `v`. */
export function planeDirection(f: PlaneFrame, theta: number): Vec3 {
  return add(scale(f.u, Math.cos(theta)), scale(f.v, Math.sin(theta)));
}

/** Polar angle of a direction projected into the plane. */
export function planeAngle(f: PlaneFrame, d: Vec3): number {
  return Math.atan2(dot(d, f.v), dot(d, f.u));
}

/** The same plane shifted along its normal by `distance` (mm). */
export function shiftedFrame(f: PlaneFrame, distance: number): PlaneFrame {
  return { ...f, centre: add(f.centre, scale(f.normal, distance)) };
}
