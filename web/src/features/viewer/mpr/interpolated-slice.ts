import { isInterpolatedSlice, type VolumeHeader } from '@cardiomap/domain';
import type { Vec3 } from './orientation-labels.ts';

/** A pane this close to the acquired slices' plane (cos 1°) shows one of them, or one interpolated between. */
const PARALLEL_COS = Math.cos((1 * Math.PI) / 180);

/**
 * Whether a pane's plane is a volume slice that no image was acquired for (issue 15 §2): the plane must
 * lie along the acquired slices (an oblique or crossing pane mixes many) and nearest to a slice the
 * header lists as interpolated. Volumes stored before the list existed have none.
 */
export function showsInterpolatedSlice(
  header: Pick<VolumeHeader, 'origin' | 'direction' | 'spacing' | 'dimensions' | 'interpolatedSlices'>,
  focalPoint: Vec3,
  viewPlaneNormal: Vec3,
): boolean {
  if (!header.interpolatedSlices?.length) return false;
  const d = header.direction;
  const normal: Vec3 = [d[6] ?? 0, d[7] ?? 0, d[8] ?? 0];
  const alignment = Math.abs(dot(normal, viewPlaneNormal)) / Math.hypot(...viewPlaneNormal);
  if (!(alignment >= PARALLEL_COS)) return false;
  const offset: Vec3 = [
    focalPoint[0] - header.origin[0],
    focalPoint[1] - header.origin[1],
    focalPoint[2] - header.origin[2],
  ];
  const k = Math.round(dot(offset, normal) / header.spacing[2]);
  return k >= 0 && k < header.dimensions[2] && isInterpolatedSlice(header, k);
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
