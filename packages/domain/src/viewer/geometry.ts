/**
 * Vector helpers for points in patient coordinates (DICOM LPS, mm) and the plane a landmark lies in.
 * Pure numbers only: the server measures with them and the viewer draws with them, so both agree.
 */

export type Point3 = readonly [number, number, number];
export type Point2 = readonly [number, number];

export const add = (a: Point3, b: Point3): Point3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const subtract = (a: Point3, b: Point3): Point3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Point3, factor: number): Point3 => [a[0] * factor, a[1] * factor, a[2] * factor];
export const dot = (a: Point3, b: Point3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Point3, b: Point3): Point3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: Point3): number => Math.hypot(a[0], a[1], a[2]);
export const distance = (a: Point3, b: Point3): number => norm(subtract(a, b));

/** The unit vector along `a`; null for a zero vector, which has no direction. */
export const normalize = (a: Point3): Point3 | null => {
  const length = norm(a);
  return length === 0 ? null : scale(a, 1 / length);
};

export const centroid = (points: readonly Point3[]): Point3 => {
  const sum = points.reduce<Point3>((total, point) => add(total, point), [0, 0, 0]);
  return scale(sum, 1 / points.length);
};

/** A plane through `centroid` with unit `normal`. */
export interface Plane {
  centroid: Point3;
  normal: Point3;
}

/**
 * Newell's vector of a closed polygon: twice its vector area. Its direction is the polygon's normal and
 * its length twice the area, whatever the polygon's orientation in space. It says which way round the
 * polygon is drawn; it is not a plane fit: the two loops of a self-crossing outline cancel in it.
 */
export const newellVector = (polygon: readonly Point3[]): Point3 => {
  let [x, y, z] = [0, 0, 0];
  polygon.forEach((current, i) => {
    const next = polygon[(i + 1) % polygon.length] as Point3;
    x += (current[1] - next[1]) * (current[2] + next[2]);
    y += (current[2] - next[2]) * (current[0] + next[0]);
    z += (current[0] - next[0]) * (current[1] + next[1]);
  });
  return [x, y, z];
};

/** Two unit vectors spanning the plane, right-handed with its normal (u × v = normal). */
export const planeBasis = (normal: Point3): { u: Point3; v: Point3 } => {
  // Crossing with the axis least aligned to the normal keeps the result well-conditioned.
  const absolute = normal.map(Math.abs);
  const axis: Point3 =
    absolute[0]! <= absolute[1]! && absolute[0]! <= absolute[2]!
      ? [1, 0, 0]
      : absolute[1]! <= absolute[2]!
        ? [0, 1, 0]
        : [0, 0, 1];
  const u = normalize(cross(normal, axis)) as Point3;
  return { u, v: cross(normal, u) };
};

/** The points as 2D coordinates (mm) in the plane, origin at its centroid. */
export const projectToPlane = (points: readonly Point3[], plane: Plane): Point2[] => {
  const { u, v } = planeBasis(plane.normal);
  return points.map((point) => {
    const offset = subtract(point, plane.centroid);
    return [dot(offset, u), dot(offset, v)];
  });
};
