import type { Vec3 } from '../types.ts';

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

export function normalize(a: Vec3): Vec3 {
  const n = norm(a);
  return n === 0 ? [0, 0, 0] : scale(a, 1 / n);
}

/** Row and column directions of an ImageOrientationPatient, made unit length and exactly perpendicular. */
export function orthonormalAxes(orientation: readonly number[]): { row: Vec3; column: Vec3; normal: Vec3 } {
  const row = normalize([orientation[0] ?? 0, orientation[1] ?? 0, orientation[2] ?? 0]);
  const rawColumn: Vec3 = [orientation[3] ?? 0, orientation[4] ?? 0, orientation[5] ?? 0];
  const column = normalize(sub(rawColumn, scale(row, dot(rawColumn, row))));
  return { row, column, normal: cross(row, column) };
}

export type OrientationLabel = 'axial' | 'coronal' | 'sagittal' | 'oblique';

/** Within 35° of a patient axis the plane keeps that axis' name; tilted-gantry axials stay axial. */
export function orientationLabel(normal: Vec3): OrientationLabel {
  const ax = [Math.abs(normal[0]), Math.abs(normal[1]), Math.abs(normal[2])];
  const largest = Math.max(ax[0] ?? 0, ax[1] ?? 0, ax[2] ?? 0);
  if (largest < Math.cos((35 * Math.PI) / 180)) return 'oblique';
  if (largest === ax[2]) return 'axial';
  if (largest === ax[1]) return 'coronal';
  return 'sagittal';
}
