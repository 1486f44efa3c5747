import { centroid, dot, newellVector, norm, normalize, type Plane, type Point3, scale, subtract } from './geometry.ts';
import { type SymmetricMatrix3, symmetricEigen3 } from './symmetric-eigen.ts';

/**
 * Points that all lie within this fraction of their extent from one line span no plane: that far from
 * a line only rounding is left, and a plane through them would be made up.
 */
const COLLINEAR_TOLERANCE = 1e-9;

/** Σ q qᵀ over the points (already centred): the covariance matrix times the number of points. */
function scatterMatrix(centred: readonly Point3[]): SymmetricMatrix3 {
  let [xx, xy, xz, yy, yz, zz] = [0, 0, 0, 0, 0, 0];
  for (const [x, y, z] of centred) {
    xx += x * x;
    xy += x * y;
    xz += x * z;
    yy += y * y;
    yz += y * z;
    zz += z * z;
  }
  return [
    [xx, xy, xz],
    [xy, yy, yz],
    [xz, yz, zz],
  ];
}

const distanceFromLine = (point: Point3, direction: Point3): number =>
  norm(subtract(point, scale(direction, dot(point, direction))));

/**
 * The least-squares plane of the points: through their centroid, with the normal along which they
 * spread least (the eigenvector of the smallest eigenvalue of their covariance), so the sum of squared
 * distances from it is smallest. Unlike Newell's normal, it does not depend on the order of the points,
 * so a self-crossing outline, whose loops cancel in Newell's sum, still gets its plane. The normal
 * points to the side Newell's vector gives, so it follows the direction the outline is drawn in.
 * Null when the points span no plane (fewer than three, or all on one line), so callers cannot
 * silently measure in a made-up plane.
 */
export const bestFitPlane = (points: readonly Point3[]): Plane | null => {
  if (points.length < 3) return null;
  const center = centroid(points);
  // Centred first: far from the origin (a CT volume's annulus sits a metre and more from it) the raw
  // products would lose the digits that matter.
  const centred = points.map((point) => subtract(point, center));
  const extent = Math.max(...centred.map(norm));
  if (extent === 0) return null;
  const [smallest, , largest] = symmetricEigen3(scatterMatrix(centred));
  if (Math.max(...centred.map((point) => distanceFromLine(point, largest.vector))) <= COLLINEAR_TOLERANCE * extent) {
    return null;
  }
  const facing = dot(smallest.vector, newellVector(centred)) < 0 ? scale(smallest.vector, -1) : smallest.vector;
  return { centroid: center, normal: normalize(facing) as Point3 };
};

/** How far (mm) the point farthest from the plane lies from it: 0 when the points are coplanar. */
export const largestDistanceFromPlane = (points: readonly Point3[], plane: Plane): number =>
  Math.max(0, ...points.map((point) => Math.abs(dot(subtract(point, plane.centroid), plane.normal))));
