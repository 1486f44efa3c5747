import type { Point2 } from './geometry.ts';

/**
 * Closer than this fraction of the outline's size counts as touching. Points projected from 3D into
 * their plane carry rounding of about 1e-13 of their distance from the origin; a gap a user could
 * draw on purpose is many orders of magnitude wider.
 */
const TOUCH_TOLERANCE = 1e-9;

type Segment = readonly [Point2, Point2];

const crossZ = (o: Point2, a: Point2, b: Point2): number =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

const distance2 = (a: Point2, b: Point2): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function distanceToSegment(point: Point2, [a, b]: Segment): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / lengthSquared;
  const clamped = Math.min(1, Math.max(0, t));
  return distance2(point, [a[0] + clamped * dx, a[1] + clamped * dy]);
}

const boxesApart = ([a, b]: Segment, [c, d]: Segment, tolerance: number): boolean =>
  Math.max(a[0], b[0]) + tolerance < Math.min(c[0], d[0]) ||
  Math.max(c[0], d[0]) + tolerance < Math.min(a[0], b[0]) ||
  Math.max(a[1], b[1]) + tolerance < Math.min(c[1], d[1]) ||
  Math.max(c[1], d[1]) + tolerance < Math.min(a[1], b[1]);

/**
 * Whether two segments share a point: they cross properly (each one's ends strictly on both sides of
 * the other), or an end of one lies on the other, which covers touching at a vertex, a T and
 * collinear overlaps.
 */
function segmentsMeet(p: Segment, q: Segment, tolerance: number): boolean {
  if (boxesApart(p, q, tolerance)) return false;
  const crosses =
    crossZ(q[0], q[1], p[0]) * crossZ(q[0], q[1], p[1]) < 0 && crossZ(p[0], p[1], q[0]) * crossZ(p[0], p[1], q[1]) < 0;
  return (
    crosses ||
    distanceToSegment(p[0], q) <= tolerance ||
    distanceToSegment(p[1], q) <= tolerance ||
    distanceToSegment(q[0], p) <= tolerance ||
    distanceToSegment(q[1], p) <= tolerance
  );
}

/**
 * The outline's points without a point repeated straight after itself (a double click) nor a last
 * point repeating the first (a click that closes the outline): these make no segment, so no crossing.
 */
function withoutRepeats(outline: readonly Point2[], tolerance: number): Point2[] {
  const ring: Point2[] = [];
  for (const point of outline) {
    const previous = ring[ring.length - 1];
    if (!previous || distance2(previous, point) > tolerance) ring.push(point);
  }
  while (ring.length > 1 && distance2(ring[ring.length - 1]!, ring[0]!) <= tolerance) ring.pop();
  return ring;
}

const diagonal = (points: readonly Point2[]): number => {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
};

/** Whether neighbouring segments i and j (j after i around the ring) fold back over each other. */
function neighboursOverlap(first: Segment, second: Segment, tolerance: number): boolean {
  // They share first[1] = second[0]; they overlap only if the far end of one lies on the other.
  return distanceToSegment(second[1], first) <= tolerance || distanceToSegment(first[0], second) <= tolerance;
}

/**
 * Whether a closed outline (its last point joined back to its first) touches or crosses itself: two
 * segments that are not neighbours share a point (a bow-tie, a figure-8 through a repeated vertex, an
 * edge running along another), or two neighbours fold back over each other (a spike that retraces its
 * edge). Such an outline encloses no single region, so its area would be meaningless: the shoelace
 * formula gives the difference of its loops. Segments are swept by their left end, so only pairs
 * whose x-ranges overlap are compared: near O(n log n) for the outlines users draw, O(n²) at worst.
 */
export function outlineCrossesItself(outline: readonly Point2[]): boolean {
  if (outline.length < 3) return false;
  const tolerance = TOUCH_TOLERANCE * diagonal(outline);
  const ring = withoutRepeats(outline, tolerance);
  const n = ring.length;
  // Fewer distinct points enclose nothing: whether that is acceptable is the caller's rule, not a crossing.
  if (n < 3) return false;
  const segments = ring.map((point, i): Segment => [point, ring[(i + 1) % n]!]);
  const left = segments.map(([a, b]) => Math.min(a[0], b[0]));
  const right = segments.map(([a, b]) => Math.max(a[0], b[0]));
  const byLeft = segments.map((_, i) => i).sort((i, j) => left[i]! - left[j]!);
  for (let k = 0; k < n; k++) {
    const i = byLeft[k]!;
    for (let m = k + 1; m < n && left[byLeft[m]!]! <= right[i]! + tolerance; m++) {
      const j = byLeft[m]!;
      const [first, second] = i < j ? [i, j] : [j, i];
      const meet =
        second === first + 1
          ? neighboursOverlap(segments[first]!, segments[second]!, tolerance)
          : first === 0 && second === n - 1
            ? neighboursOverlap(segments[second]!, segments[first]!, tolerance)
            : segmentsMeet(segments[first]!, segments[second]!, tolerance);
      if (meet) return true;
    }
  }
  return false;
}
