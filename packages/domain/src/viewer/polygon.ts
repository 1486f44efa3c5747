import type { Point2 } from './geometry.ts';

const crossZ = (o: Point2, a: Point2, b: Point2): number =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/**
 * Convex hull, counter-clockwise, without collinear points (Andrew's monotone chain). Collinear points
 * are dropped so every hull edge has a length and a direction for the calipers below.
 */
export function convexHull(points: readonly Point2[]): Point2[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const chain = (ordered: readonly Point2[]): Point2[] => {
    const half: Point2[] = [];
    for (const point of ordered) {
      while (half.length >= 2 && crossZ(half[half.length - 2]!, half[half.length - 1]!, point) <= 0) half.pop();
      half.push(point);
    }
    half.pop();
    return half;
  };
  return [...chain(sorted), ...chain(sorted.reverse())];
}

const edgeDistance = (a: Point2, b: Point2, point: Point2): number =>
  Math.abs(crossZ(a, b, point)) / Math.hypot(b[0] - a[0], b[1] - a[1]);

/**
 * Minimum width of a point set: the smallest distance between two parallel lines enclosing it — what a
 * caliper reads at the narrowest angle. It is always reached with one jaw flush on a hull edge, so
 * rotating calipers visit each edge once with its farthest (antipodal) vertex: O(n) after the hull.
 */
export function minimumWidth(points: readonly Point2[]): number {
  const hull = convexHull(points);
  const n = hull.length;
  if (n < 3) return 0;
  let best = Number.POSITIVE_INFINITY;
  let far = 1;
  for (let i = 0; i < n; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    // On a convex polygon the distance to edge (a, b) rises then falls, so the antipodal pointer only
    // moves forward as the edge turns.
    while (edgeDistance(a, b, hull[(far + 1) % n]!) > edgeDistance(a, b, hull[far]!)) far = (far + 1) % n;
    best = Math.min(best, edgeDistance(a, b, hull[far]!));
  }
  return best;
}
