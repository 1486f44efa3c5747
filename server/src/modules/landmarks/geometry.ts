import type { GeometryType, Vec3 } from '@cardiomap/contract';
import { landmarkPointsProblem, measureLandmark } from '@cardiomap/domain';
import { fieldError } from '../../lib/http-errors.ts';

/**
 * The landmark's measurements, computed here from its points (never taken from the client); points that
 * cannot make this geometry answer 400 on `points` with the reason.
 */
export function measuredPoints(geometryType: number, points: Vec3[]): Record<string, number> {
  const problem = landmarkPointsProblem(geometryType, points);
  if (problem) throw fieldError('points', problem);
  return { ...measureLandmark(geometryType as GeometryType, points) };
}
