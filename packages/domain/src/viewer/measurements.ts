import { GEOMETRY_TYPE_LABELS, GeometryType, type landmarkMeasurementsSchema } from '@cardiomap/contract';
import { cross, distance, dot, norm, type Point2, type Point3, projectToPlane, subtract } from './geometry.ts';
import { outlineCrossesItself } from './outline-crossing.ts';
import { bestFitPlane, largestDistanceFromPlane } from './plane-fit.ts';
import { minimumWidth } from './polygon.ts';

/**
 * What a landmark measures (issue 5 §4): mm, mm² and degrees, under the keys the contract names. A
 * type rather than an interface so it fits the contract's measurements object as it is.
 */
export type LandmarkMeasurements = { [key in keyof typeof landmarkMeasurementsSchema.shape]?: number };

/** Issue 15 §3: an outline whose segments cross or touch encloses no single region to measure. */
export const OUTLINE_CROSSES_ITSELF = 'The outline crosses itself';

/** How many points a geometry type takes; `max` is infinite for curves. */
export interface PointCount {
  min: number;
  max: number;
}

const exactly = (count: number): PointCount => ({ min: count, max: count });
const atLeast = (count: number): PointCount => ({ min: count, max: Number.POSITIVE_INFINITY });

const POINT_COUNTS: Record<GeometryType, PointCount> = {
  [GeometryType.ANGLE]: exactly(3),
  [GeometryType.AREA]: atLeast(3),
  [GeometryType.CLOSED_CURVE]: atLeast(3),
  [GeometryType.DISTANCE]: exactly(2),
  [GeometryType.POINT]: exactly(1),
  [GeometryType.OPEN_CURVE]: atLeast(2),
  [GeometryType.CENTERLINE]: atLeast(2),
};

const isGeometryType = (value: number): value is GeometryType => Object.hasOwn(POINT_COUNTS, value);

export function requiredPointCount(geometryType: GeometryType): PointCount {
  return POINT_COUNTS[geometryType];
}

/** "A distance", "An angle": the geometry label as the subject of a sentence. */
const subject = (geometryType: GeometryType): string => {
  const label = GEOMETRY_TYPE_LABELS[geometryType].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'An' : 'A'} ${label}`;
};
const pointsWord = (count: number) => (count === 1 ? '1 point' : `${count} points`);

/**
 * Why these points cannot make this landmark, or null when they can. Beyond the count, a closed shape
 * must span a plane and must not cross itself, and an angle needs two arms, otherwise its measurements
 * would be undefined or wrong.
 */
export function landmarkPointsProblem(geometryType: number, points: readonly Point3[]): string | null {
  if (!isGeometryType(geometryType)) return `Unknown geometry type ${geometryType}; choose 0–6.`;
  const { min, max } = POINT_COUNTS[geometryType];
  if (min === max && points.length !== min) return `${subject(geometryType)} needs exactly ${pointsWord(min)}.`;
  if (points.length < min) return `${subject(geometryType)} needs at least ${pointsWord(min)}.`;
  if (!points.every((point) => point.length === 3 && point.every(Number.isFinite))) {
    return 'Every point needs three finite coordinates [x, y, z] in mm.';
  }
  if (isClosed(geometryType)) {
    const plane = bestFitPlane(points);
    if (!plane) return `The points of ${subject(geometryType).toLowerCase()} must not all lie on one line.`;
    if (outlineCrossesItself(projectToPlane(points, plane))) return OUTLINE_CROSSES_ITSELF;
  }
  if (
    geometryType === GeometryType.ANGLE &&
    (distance(points[0]!, points[1]!) === 0 || distance(points[2]!, points[1]!) === 0)
  ) {
    return 'The arms of an angle need a length: the outer points must differ from the middle one.';
  }
  return null;
}

const isClosed = (geometryType: GeometryType) =>
  geometryType === GeometryType.AREA || geometryType === GeometryType.CLOSED_CURVE;

/** The angle in degrees at `vertex` between the arms to `a` and `b`; atan2 stays exact near 0° and 180°. */
export function angleAt(a: Point3, vertex: Point3, b: Point3): number {
  const armA = subtract(a, vertex);
  const armB = subtract(b, vertex);
  return (Math.atan2(norm(cross(armA, armB)), dot(armA, armB)) * 180) / Math.PI;
}

/** Sum of segment lengths along an open path, in 3D: a curve or centerline need not be flat. */
export function pathLength(points: readonly Point3[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!, points[i]!);
  return total;
}

/** The largest distance between two of the points: compared squared, one root at the end, as n² pairs add up. */
function maximumDistance(points: readonly Point2[]): number {
  let best = 0;
  for (let i = 0; i < points.length; i++) {
    const [x, y] = points[i]!;
    for (let j = i + 1; j < points.length; j++) {
      const dx = points[j]![0] - x;
      const dy = points[j]![1] - y;
      best = Math.max(best, dx * dx + dy * dy);
    }
  }
  return Math.sqrt(best);
}

/** The area of a closed polygon in its own (possibly oblique) plane: the shoelace formula in 2D. */
function planarArea(projected: readonly Point2[]): number {
  let twice = 0;
  projected.forEach(([x, y], i) => {
    const [nextX, nextY] = projected[(i + 1) % projected.length]!;
    twice += x * nextY - nextX * y;
  });
  return Math.abs(twice) / 2;
}

function planarPerimeter(projected: readonly Point2[]): number {
  return projected.reduce((total, [x, y], i) => {
    const [nextX, nextY] = projected[(i + 1) % projected.length]!;
    return total + Math.hypot(nextX - x, nextY - y);
  }, 0);
}

/**
 * A closed outline is measured as drawn in its least-squares plane: every measurement is taken from
 * the points projected onto that plane, so they agree with each other (the area and the perimeter of
 * the same flat shape) when a point strays off it, and the largest distance from the plane says by how
 * much. For exactly coplanar points the projection moves nothing and the distance is 0.
 */
function measureClosedCurve(points: readonly Point3[]): LandmarkMeasurements {
  const plane = bestFitPlane(points);
  if (!plane) throw new Error('A closed curve needs points spanning a plane.');
  const projected = projectToPlane(points, plane);
  const perimeter = planarPerimeter(projected);
  const area = planarArea(projected);
  return {
    perimeter,
    area,
    minDiameter: minimumWidth(projected),
    maxDiameter: maximumDistance(projected),
    perimeterDerivedDiameter: perimeter / Math.PI,
    areaDerivedDiameter: 2 * Math.sqrt(area / Math.PI),
    largestDistanceFromPlane: largestDistanceFromPlane(points, plane),
  };
}

/**
 * The measurements of a landmark from its points. Throws on points `landmarkPointsProblem` rejects:
 * callers validate first and answer the user with that message, so a throw here is a programming error.
 */
export function measureLandmark(geometryType: number, points: readonly Point3[]): LandmarkMeasurements {
  const problem = landmarkPointsProblem(geometryType, points);
  if (problem) throw new Error(problem);
  const [first, second, third] = points as [Point3, Point3, Point3];
  switch (geometryType as GeometryType) {
    case GeometryType.DISTANCE:
      return { distance: distance(first, second) };
    case GeometryType.ANGLE:
      return { angle: angleAt(first, second, third) };
    case GeometryType.AREA:
    case GeometryType.CLOSED_CURVE:
      return measureClosedCurve(points);
    case GeometryType.OPEN_CURVE:
    case GeometryType.CENTERLINE:
      return { length: pathLength(points) };
    case GeometryType.POINT:
      return {};
  }
}
