/**
 * Errors of proposed landmarks against the anatomy phantom's truths (issue 31 §3): plane angle between
 * normals, and diameter errors, among them the perimeter-derived diameter the annulus is sized by.
 */
import type { Vec3 } from '../geometry.ts';

/**
 * Angle (degrees, 0–90) between two planes given by their normals. A plane's normal has no sign, so a
 * flipped normal is the same plane.
 */
export function planeAngleErrorDeg(normal: Vec3, truth: Vec3): number {
  const length = Math.hypot(...normal) * Math.hypot(...truth);
  if (length === 0) throw new Error('a plane normal has zero length');
  const cos = Math.abs(normal[0] * truth[0] + normal[1] * truth[1] + normal[2] * truth[2]) / length;
  return (Math.acos(Math.min(1, cos)) * 180) / Math.PI;
}

/** The diameter of the circle with this perimeter (mm): how an annulus is sized for a valve. */
export function perimeterDerivedDiameter(perimeterMm: number): number {
  return perimeterMm / Math.PI;
}

/** Signed error (mm) of a measured length against the truth: positive when measured too large. */
export function lengthErrorMm(measured: number, truth: number): number {
  return measured - truth;
}

/** Distance (mm) between a proposed point and the true one. */
export function pointErrorMm(point: Vec3, truth: Vec3): number {
  return Math.hypot(point[0] - truth[0], point[1] - truth[1], point[2] - truth[2]);
}
