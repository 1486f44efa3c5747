/**
 * The implicit shapes the structures are made of. A `Structure` is what the rasteriser needs: its label,
 * a patient-space bounding box (so only nearby voxels are tested), an inside test and its HU.
 */
import { type Frame, norm, sub, toLocal, type Vec3 } from './geometry.ts';
import { type Label, PRIORITY } from './labels.ts';

export interface Structure {
  name: string;
  label: Label;
  priority: number;
  min: Vec3;
  max: Vec3;
  inside(p: Vec3): boolean;
  hu(p: Vec3): number;
}

/**
 * A long tube as one structure per few segments, each with its own small bounding box (a single box
 * round an arch or a rib would make the rasteriser test most of the volume). `test` gets the point and
 * its signed distance to the piece.
 */
export function tubeStructures(
  name: string,
  label: Label,
  t: Tube,
  test: (p: Vec3, distance: number) => boolean,
  hu: number | ((p: Vec3) => number),
  priority: number = PRIORITY[label],
  margin = 0,
): Structure[] {
  const out: Structure[] = [];
  const per = 2;
  for (let i = 0; i < t.points.length - 1; i += per) {
    const piece: Tube = { points: t.points.slice(i, i + per + 1), radii: t.radii.slice(i, i + per + 1) };
    out.push(structure(name, label, tubeBox(piece, margin), (p) => test(p, tubeDistance(piece, p)), hu, priority));
  }
  return out;
}

export function structure(
  name: string,
  label: Label,
  box: { min: Vec3; max: Vec3 },
  inside: (p: Vec3) => boolean,
  hu: number | ((p: Vec3) => number),
  priority: number = PRIORITY[label],
): Structure {
  return {
    name,
    label,
    priority,
    min: box.min,
    max: box.max,
    inside,
    hu: typeof hu === 'number' ? () => hu : hu,
  };
}

/** An ellipsoid with semi-axes `semi` along the axes of `frame` (centred at its origin). */
export interface Ellipsoid {
  frame: Frame;
  semi: Vec3;
}

/** ≤ 1 inside, the "ellipsoidal radius" of p. */
export function ellipsoidRadius(e: Ellipsoid, p: Vec3): number {
  const q = toLocal(e.frame, p);
  const x = q[0] / e.semi[0];
  const y = q[1] / e.semi[1];
  const z = q[2] / e.semi[2];
  return Math.sqrt(x * x + y * y + z * z);
}

export function ellipsoidBox(e: Ellipsoid, margin = 0): { min: Vec3; max: Vec3 } {
  const { frame: f, semi: s } = e;
  const half = [0, 1, 2].map(
    (j) => Math.hypot(s[0] * f.x[j]!, s[1] * f.y[j]!, s[2] * f.z[j]!) + margin,
  ) as unknown as Vec3;
  return { min: sub(f.origin, half), max: [f.origin[0] + half[0], f.origin[1] + half[1], f.origin[2] + half[2]] };
}

/** The lowest z of an ellipsoid (for the volume's extent). */
export function ellipsoidLowestZ(e: Ellipsoid): number {
  return ellipsoidBox(e).min[2];
}

/** A tube along a polyline with a radius per point (linear in between): signed distance to its wall. */
export interface Tube {
  points: Vec3[];
  radii: number[];
}

interface TubeSegments {
  /** Per segment: start (3), direction (3), squared length, radii at both ends, midpoint (3), reach. */
  data: Float64Array;
  count: number;
}

const SEGMENT = 13;
const segmentCache = new WeakMap<Tube, TubeSegments>();

/** Precomputed segments of a tube: the distance below runs millions of times per phantom. */
function segmentsOf(t: Tube): TubeSegments {
  const cached = segmentCache.get(t);
  if (cached) return cached;
  const count = t.points.length - 1;
  const data = new Float64Array(count * SEGMENT);
  for (let i = 0; i < count; i++) {
    const a = t.points[i]!;
    const b = t.points[i + 1]!;
    const d = sub(b, a);
    const o = i * SEGMENT;
    data.set([a[0], a[1], a[2], d[0], d[1], d[2], d[0] * d[0] + d[1] * d[1] + d[2] * d[2]], o);
    data.set([t.radii[i]!, t.radii[i + 1]!, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2], o + 7);
    data[o + 12] = 0.5 * norm(d) + Math.max(t.radii[i]!, t.radii[i + 1]!);
  }
  const segments = { data, count };
  segmentCache.set(t, segments);
  return segments;
}

export function tubeDistance(t: Tube, p: Vec3): number {
  const { data, count } = segmentsOf(t);
  const [px, py, pz] = p;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const o = i * SEGMENT;
    // A cheap lower bound first: most segments of a long tube are far from p.
    const mx = px - data[o + 9]!;
    const my = py - data[o + 10]!;
    const mz = pz - data[o + 11]!;
    const bound = Math.sqrt(mx * mx + my * my + mz * mz) - data[o + 12]!;
    if (bound >= best) continue;
    const ax = px - data[o]!;
    const ay = py - data[o + 1]!;
    const az = pz - data[o + 2]!;
    const dx = data[o + 3]!;
    const dy = data[o + 4]!;
    const dz = data[o + 5]!;
    const length2 = data[o + 6]!;
    const along = length2 === 0 ? 0 : Math.min(1, Math.max(0, (ax * dx + ay * dy + az * dz) / length2));
    const ex = ax - along * dx;
    const ey = ay - along * dy;
    const ez = az - along * dz;
    const r = data[o + 7]! + (data[o + 8]! - data[o + 7]!) * along;
    const distance = Math.sqrt(ex * ex + ey * ey + ez * ez) - r;
    if (distance < best) best = distance;
  }
  return best;
}

export function tubeBox(t: Tube, margin = 0): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  t.points.forEach((p, i) => {
    const r = t.radii[i]! + margin;
    for (let j = 0; j < 3; j++) {
      min[j] = Math.min(min[j]!, p[j]! - r);
      max[j] = Math.max(max[j]!, p[j]! + r);
    }
  });
  return { min, max };
}

/** Length of a polyline (mm). */
export function polylineLength(points: Vec3[]): number {
  let length = 0;
  for (let i = 0; i < points.length - 1; i++) length += norm(sub(points[i + 1]!, points[i]!));
  return length;
}
