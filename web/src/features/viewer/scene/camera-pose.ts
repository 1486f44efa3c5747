import type { CArmView } from '@cardiomap/domain';
import { Box3, Sphere, Vector3 } from 'three';

export interface CameraPose {
  target: Vector3;
  position: Vector3;
  up: Vector3;
  near: number;
  far: number;
  /** How close and how far the trackball may zoom. */
  minDistance: number;
  maxDistance: number;
}

/** The scene's extent before anything has loaded: a heart-sized sphere at the patient origin. */
export const DEFAULT_BOUNDS = new Sphere(new Vector3(0, 0, 0), 100);
const MARGIN = 1.15;
const ZOOM_OUT_LIMIT = 10;

/** The sphere around everything shown, or the default one when nothing is. */
export function sceneBounds(boxes: readonly Box3[]): Sphere {
  const union = new Box3();
  for (const box of boxes) union.union(box);
  if (union.isEmpty()) return DEFAULT_BOUNDS.clone();
  const sphere = union.getBoundingSphere(new Sphere());
  sphere.radius = Math.max(sphere.radius, 1);
  return sphere;
}

/**
 * The camera that looks at the scene centre from `view` (a C-arm direction). Without `distance` it
 * frames the whole scene; with it (aligning after the user zoomed) it keeps the user's zoom.
 */
export function cameraPose(bounds: Sphere, view: CArmView, fovDegrees: number, distance?: number): CameraPose {
  const fit = (bounds.radius / Math.sin(((fovDegrees / 2) * Math.PI) / 180)) * MARGIN;
  const maxDistance = fit * ZOOM_OUT_LIMIT;
  const eyeDistance = Math.min(distance ?? fit, maxDistance);
  return {
    target: bounds.center.clone(),
    position: new Vector3(...view.direction).multiplyScalar(eyeDistance).add(bounds.center),
    up: new Vector3(...view.up),
    near: bounds.radius * 0.01,
    far: maxDistance + bounds.radius * 2,
    minDistance: bounds.radius * 0.1,
    maxDistance,
  };
}
