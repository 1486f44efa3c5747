import { dot, normalize, type Plane, type Point3, subtract } from './geometry.ts';
import { bestFitPlane } from './plane-fit.ts';

/** Spec §9 / §5: a landmark point shows in a pane only within 0.5 mm of that pane's plane. */
export const LANDMARK_PLANE_TOLERANCE_MM = 0.5;

/** Signed distance (mm) from the plane, positive on the side its normal points to. */
export const signedDistanceToPlane = (point: Point3, plane: Plane): number => {
  const normal = normalize(plane.normal);
  if (!normal) throw new Error('A plane needs a non-zero normal.');
  return dot(subtract(point, plane.centroid), normal);
};

export const isPointOnPlane = (point: Point3, plane: Plane, tolerance = LANDMARK_PLANE_TOLERANCE_MM): boolean =>
  Math.abs(signedDistanceToPlane(point, plane)) <= tolerance;

/** The plane fields a landmark stores (spec §3 Landmark): normal and centroid, both optional. */
export interface LandmarkPlaneFields {
  points: readonly Point3[];
  normal?: Point3 | null;
  centroid?: Point3 | null;
}

/**
 * The plane a landmark lies in: its stored normal and centroid (the plane it was drawn in) when both are
 * present, else the best fit of its points. Null for a landmark with no plane (a point, a distance,
 * a straight curve) with none stored.
 */
export const landmarkPlane = (landmark: LandmarkPlaneFields): Plane | null => {
  const normal = landmark.normal ? normalize(landmark.normal) : null;
  if (normal && landmark.centroid) return { centroid: landmark.centroid, normal };
  return bestFitPlane(landmark.points);
};
