import { describe, expect, it } from 'vitest';
import { add, cross, distance, dot, normalize, type Plane, type Point3, scale, subtract } from './geometry.ts';
import { meshPlaneSection, prepareSectionMesh, type SectionMesh } from './mesh-plane-section.ts';
import { rigidMotion } from './test-shapes.ts';

interface Triangles {
  positions: number[];
  indices: number[];
}

/**
 * A cylinder of `radius` along z from 0 to `height`, `sides` around and `rings` + 1 vertex rings, with
 * a centre-fan cap at each end when `capped`; every vertex lies exactly on the analytic surface.
 */
function cylinder(radius: number, height: number, sides: number, rings: number, capped: boolean): Triangles {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= rings; r++) {
    for (let s = 0; s < sides; s++) {
      const angle = (2 * Math.PI * s) / sides;
      positions.push(radius * Math.cos(angle), radius * Math.sin(angle), (height * r) / rings);
    }
  }
  const at = (r: number, s: number) => r * sides + (s % sides);
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < sides; s++) {
      indices.push(at(r, s), at(r, s + 1), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r + 1, s));
    }
  }
  if (capped) {
    for (const [r, z] of [
      [0, 0],
      [rings, height],
    ] as const) {
      const centre = positions.length / 3;
      positions.push(0, 0, z);
      for (let s = 0; s < sides; s++) indices.push(centre, at(r, s + 1), at(r, s));
    }
  }
  return { positions, indices };
}

/** A latitude–longitude sphere; its poles are single vertices. */
function sphere(radius: number, centre: Point3, stacks: number, slices: number): Triangles {
  const positions: number[] = [...add(centre, [0, 0, radius])];
  for (let i = 1; i < stacks; i++) {
    const polar = (Math.PI * i) / stacks;
    for (let j = 0; j < slices; j++) {
      const azimuth = (2 * Math.PI * j) / slices;
      const point: Point3 = [
        radius * Math.sin(polar) * Math.cos(azimuth),
        radius * Math.sin(polar) * Math.sin(azimuth),
        radius * Math.cos(polar),
      ];
      positions.push(...add(centre, point));
    }
  }
  const south = positions.length / 3;
  positions.push(...add(centre, [0, 0, -radius]));
  const at = (i: number, j: number) => 1 + (i - 1) * slices + (j % slices);
  const indices: number[] = [];
  for (let j = 0; j < slices; j++) indices.push(0, at(1, j), at(1, j + 1));
  for (let i = 1; i < stacks - 1; i++) {
    for (let j = 0; j < slices; j++)
      indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  }
  for (let j = 0; j < slices; j++) indices.push(south, at(stacks - 1, j + 1), at(stacks - 1, j));
  return { positions, indices };
}

function moved(shape: Triangles, motion: (p: Point3) => Point3): Triangles {
  const positions: number[] = [];
  for (let v = 0; v < shape.positions.length; v += 3) {
    positions.push(...motion([shape.positions[v]!, shape.positions[v + 1]!, shape.positions[v + 2]!]));
  }
  return { positions, indices: shape.indices };
}

/** The same triangles with every corner repeated per triangle, as an STL file holds them. */
function unindexed(shape: Triangles): number[] {
  return shape.indices.flatMap((v) => shape.positions.slice(3 * v, 3 * v + 3));
}

const prepare = (shape: Triangles): SectionMesh => prepareSectionMesh(shape.positions, shape.indices);

const distanceToPlane = (point: Point3, plane: Plane) =>
  dot(subtract(point, plane.centroid), normalize(plane.normal) as Point3);

/** Distance of a point from a line through `origin` along unit `axis`. */
const distanceToAxis = (point: Point3, origin: Point3, axis: Point3) => {
  const relative = subtract(point, origin);
  return distance(relative, scale(axis, dot(relative, axis)));
};

const perimeter = (points: Point3[], closed: boolean) =>
  points.reduce((sum, point, i) => {
    const next = points[i + 1] ?? (closed ? points[0] : undefined);
    return next ? sum + distance(point, next) : sum;
  }, 0);

const R = 20;
const SIDES = 64;
/** A point on a chord between neighbouring rim vertices lies this much inside the circle, at most. */
const CHORD_SAG = R * (1 - Math.cos(Math.PI / SIDES));

describe('meshPlaneSection', () => {
  it('cuts a cylinder across its axis in one closed ring on the plane and on the circle', () => {
    const plane: Plane = { centroid: [0, 0, 37.3], normal: [0, 0, 1] };
    const { segments, polylines } = meshPlaneSection(prepare(cylinder(R, 100, SIDES, 4, true)), plane);
    expect(segments.length).toBeGreaterThanOrEqual(SIDES);
    expect(polylines).toHaveLength(1);
    const [ring] = polylines;
    expect(ring?.closed).toBe(true);
    for (const point of ring?.points ?? []) {
      expect(Math.abs(distanceToPlane(point, plane))).toBeLessThan(1e-9);
      const radius = Math.hypot(point[0], point[1]);
      expect(radius).toBeLessThanOrEqual(R + 1e-9);
      expect(radius).toBeGreaterThanOrEqual(R - CHORD_SAG - 1e-9);
    }
    expect(perimeter(ring?.points ?? [], true)).toBeCloseTo(2 * SIDES * R * Math.sin(Math.PI / SIDES), 6);
  });

  it('cuts a moved cylinder obliquely in an ellipse with semi-axes R and R / cos(tilt)', () => {
    const motion = rigidMotion([0.3, -0.7, 0.55], 37, [-112.4, 85.2, 1432.6]);
    const origin = motion([0, 0, 0]);
    const axis = normalize(subtract(motion([0, 0, 1]), origin)) as Point3;
    const centre = add(origin, scale(axis, 60));
    const tilt = (30 * Math.PI) / 180;
    // The plane's normal is the axis turned 30° towards a direction across it.
    const across = normalize(cross(axis, [1, 0, 0])) as Point3;
    const plane: Plane = { centroid: centre, normal: add(scale(axis, Math.cos(tilt)), scale(across, Math.sin(tilt))) };
    const { polylines } = meshPlaneSection(prepare(moved(cylinder(R, 120, SIDES, 6, true), motion)), plane);
    expect(polylines).toHaveLength(1);
    const points = polylines[0]?.points ?? [];
    expect(polylines[0]?.closed).toBe(true);
    for (const point of points) {
      expect(Math.abs(distanceToPlane(point, plane))).toBeLessThan(1e-9);
      const radius = distanceToAxis(point, origin, axis);
      expect(radius).toBeLessThanOrEqual(R + 1e-9);
      expect(radius).toBeGreaterThanOrEqual(R - CHORD_SAG - 1e-9);
    }
    const fromCentre = points.map((point) => distance(point, centre));
    expect(Math.max(...fromCentre)).toBeCloseTo(R / Math.cos(tilt), 1);
    expect(Math.min(...fromCentre)).toBeCloseTo(R, 1);
  });

  it('cuts a sphere off its centre in a ring on the plane and on the sphere', () => {
    const centre: Point3 = [-40, 25, 700];
    const plane: Plane = { centroid: add(centre, [3, -4, 12]), normal: [1, 2, 2] };
    const h = distanceToPlane(centre, plane);
    const mesh = prepare(sphere(R, centre, 48, 96));
    const { polylines } = meshPlaneSection(mesh, plane);
    expect(polylines).toHaveLength(1);
    expect(polylines[0]?.closed).toBe(true);
    const foot = subtract(centre, scale(normalize(plane.normal) as Point3, h));
    const circleRadius = Math.sqrt(R * R - h * h);
    for (const point of polylines[0]?.points ?? []) {
      expect(Math.abs(distanceToPlane(point, plane))).toBeLessThan(1e-9);
      expect(distance(point, centre)).toBeLessThanOrEqual(R + 1e-9);
      expect(distance(point, centre)).toBeGreaterThan(R * 0.998);
      expect(distance(point, foot)).toBeCloseTo(circleRadius, 0);
    }
  });

  it('gives nothing for a plane that misses the mesh or only touches it at a vertex', () => {
    const mesh = prepare(sphere(R, [0, 0, 0], 16, 32));
    expect(meshPlaneSection(mesh, { centroid: [0, 0, R + 5], normal: [0, 0, 1] })).toEqual({
      segments: [],
      polylines: [],
    });
    // The north pole is one vertex: the plane z = R touches the sphere there and nowhere else.
    expect(meshPlaneSection(mesh, { centroid: [0, 0, R], normal: [0, 0, 1] }).segments).toEqual([]);
  });

  it('gives each rim edge once when the plane runs through a ring of vertices', () => {
    const mesh = prepare(cylinder(R, 100, SIDES, 4, true));
    const { segments, polylines } = meshPlaneSection(mesh, { centroid: [0, 0, 50], normal: [0, 0, -1] });
    expect(segments).toHaveLength(SIDES);
    expect(polylines).toHaveLength(1);
    expect(polylines[0]?.points).toHaveLength(SIDES);
    for (const point of polylines[0]?.points ?? []) expect(Math.hypot(point[0], point[1])).toBeCloseTo(R, 9);
  });

  it('gives the rim of a cap lying in the plane once, and nothing of the cap itself', () => {
    const mesh = prepare(cylinder(R, 100, SIDES, 4, true));
    const { segments, polylines } = meshPlaneSection(mesh, { centroid: [5, -3, 100], normal: [0, 0, 1] });
    expect(segments).toHaveLength(SIDES);
    expect(polylines).toHaveLength(1);
    expect(polylines[0]?.closed).toBe(true);
    const keys = new Set(polylines[0]?.points.map((point) => point.join(',')));
    expect(keys.size).toBe(SIDES);
    for (const point of polylines[0]?.points ?? []) expect(Math.hypot(point[0], point[1])).toBeCloseTo(R, 9);
  });

  it('joins an open tube cut along its axis into two open lines', () => {
    const mesh = prepare(cylinder(R, 100, SIDES, 4, false));
    // Through the axis, between vertex columns: each side is cut across its quads.
    const angle = Math.PI / SIDES / 2;
    const { polylines } = meshPlaneSection(mesh, {
      centroid: [0, 0, 0],
      normal: [-Math.sin(angle), Math.cos(angle), 0],
    });
    expect(polylines).toHaveLength(2);
    for (const line of polylines) {
      expect(line.closed).toBe(false);
      const zs = line.points.map((point) => point[2]);
      expect(Math.min(...zs)).toBeCloseTo(0, 9);
      expect(Math.max(...zs)).toBeCloseTo(100, 9);
    }
  });

  it('reads a mesh with repeated corners (STL) as the same surface, and two bodies as two rings', () => {
    const plane: Plane = { centroid: [0, 0, 10], normal: [0.1, 0, 1] };
    const indexed = meshPlaneSection(prepare(cylinder(R, 100, SIDES, 4, true)), plane);
    const repeated = meshPlaneSection(prepareSectionMesh(unindexed(cylinder(R, 100, SIDES, 4, true))), plane);
    expect(repeated.polylines).toHaveLength(1);
    expect(repeated.segments).toHaveLength(indexed.segments.length);
    expect(perimeter(repeated.polylines[0]?.points ?? [], true)).toBeCloseTo(
      perimeter(indexed.polylines[0]?.points ?? [], true),
      9,
    );
    const two = unindexed(sphere(R, [0, 0, 0], 16, 32)).concat(unindexed(sphere(R, [100, 0, 0], 16, 32)));
    const both = meshPlaneSection(prepareSectionMesh(two), { centroid: [0, 0, 3], normal: [0, 0, 1] });
    expect(both.polylines.map((line) => line.closed)).toEqual([true, true]);
  });

  it('refuses a plane without a normal', () => {
    expect(() =>
      meshPlaneSection(prepare(cylinder(R, 10, 8, 1, false)), { centroid: [0, 0, 0], normal: [0, 0, 0] }),
    ).toThrow(/non-zero normal/);
  });
});
