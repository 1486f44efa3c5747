import { type Point3, vec3 } from '@cardiomap/domain';

const { add, cross, dot, normalize, scale, subtract } = vec3;

export interface PlanarCamera {
  viewPlaneNormal?: number[] | Point3;
  viewUp?: number[] | Point3;
  focalPoint?: number[] | Point3;
  position?: number[] | Point3;
}

interface CameraChange {
  viewPlaneNormal: [number, number, number];
  viewUp: [number, number, number];
  focalPoint: [number, number, number];
  position: [number, number, number];
}

const tuple = (p: Point3): [number, number, number] => [p[0], p[1], p[2]];

/**
 * The camera of a pane turned into a landmark's plane: looking along the plane normal (flipped to the
 * pane's current side, so it does not mirror), up kept as close as possible to the current up, centred
 * on the centroid at the current distance.
 */
export function planeCamera(camera: PlanarCamera, normal: Point3, centroid: Point3): CameraChange | null {
  const { viewPlaneNormal, viewUp, focalPoint, position } = camera;
  const n0 = normalize(normal);
  if (!n0 || !viewPlaneNormal || !viewUp || !focalPoint || !position) return null;
  const n = dot(n0, viewPlaneNormal as Point3) < 0 ? scale(n0, -1) : n0;
  const up = normalize(subtract(viewUp as Point3, scale(n, dot(viewUp as Point3, n)))) ?? anyPerpendicular(n);
  const distance = Math.hypot(...subtract(position as Point3, focalPoint as Point3));
  return {
    viewPlaneNormal: tuple(n),
    viewUp: tuple(up),
    focalPoint: tuple(centroid),
    position: tuple(add(centroid, scale(n, distance))),
  };
}

/** The same view moved along its normal so its slice passes through `point`. */
export function sliceThrough(camera: PlanarCamera, point: Point3): CameraChange | null {
  const { viewPlaneNormal, viewUp, focalPoint, position } = camera;
  if (!viewPlaneNormal || !viewUp || !focalPoint || !position) return null;
  const n = viewPlaneNormal as Point3;
  const shift = scale(n, dot(subtract(point, focalPoint as Point3), n));
  return {
    viewPlaneNormal: tuple(n),
    viewUp: tuple(viewUp as Point3),
    focalPoint: tuple(add(focalPoint as Point3, shift)),
    position: tuple(add(position as Point3, shift)),
  };
}

function anyPerpendicular(n: Point3): Point3 {
  const other: Point3 = Math.abs(n[2]) < 0.9 ? [0, 0, 1] : [0, 1, 0];
  return normalize(cross(other, n)) as Point3;
}
