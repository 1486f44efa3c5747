import { describe, expect, it } from 'vitest';
import { dot, newellVector, norm, normalize, type Plane, type Point3, subtract } from './geometry.ts';
import { bestFitPlane, largestDistanceFromPlane } from './plane-fit.ts';
import { circle, OBLIQUE, rigidMotion } from './test-shapes.ts';

const expectParallel = (a: Point3, b: Point3) => expect(Math.abs(dot(a, b))).toBeCloseTo(norm(a) * norm(b), 12);
const fit = (points: readonly Point3[]): Plane => bestFitPlane(points) as Plane;
const sumOfSquaredDistances = (points: readonly Point3[], plane: Plane) =>
  points.reduce((total, point) => total + dot(subtract(point, plane.centroid), plane.normal) ** 2, 0);

/** A deterministic pseudo-random sequence in [-1, 1), so a failure can be replayed. */
const sequence = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return (2 * seed) / 2 ** 31 - 1;
};

/** The unit square scaled to `side`, in z = 0, counter-clockwise. */
const square = (side: number): Point3[] => [
  [0, 0, 0],
  [side, 0, 0],
  [side, side, 0],
  [0, side, 0],
];

describe('bestFitPlane (least squares)', () => {
  it('finds the centroid and normal of a polygon tilted into an oblique plane far from the origin', () => {
    const points = circle(15, 90).map(OBLIQUE);
    const plane = bestFitPlane(points) as NonNullable<ReturnType<typeof bestFitPlane>>;
    const expectedNormal = subtract(OBLIQUE([0, 0, 1]), OBLIQUE([0, 0, 0]));
    expectParallel(plane.normal, expectedNormal);
    expect(norm(plane.normal)).toBeCloseTo(1, 14);
    for (const [i, value] of OBLIQUE([0, 0, 0]).entries()) expect(plane.centroid[i]).toBeCloseTo(value, 9);
  });

  it('follows the traversal direction: reversing the points flips the normal', () => {
    const points = circle(10, 12);
    expect(bestFitPlane(points)?.normal).toEqual([0, 0, 1]);
    expect(bestFitPlane([...points].reverse())?.normal[2]).toBeCloseTo(-1, 14);
  });

  it('averages out points slightly off the plane instead of trusting any three of them', () => {
    const noisy = circle(10, 8).map(([x, y], i): Point3 => [x, y, i % 2 === 0 ? 0.2 : -0.2]);
    const plane = bestFitPlane(noisy);
    expect(plane?.normal[2]).toBeCloseTo(1, 12);
  });

  it.each([
    [
      'two points',
      [
        [0, 0, 0],
        [1, 0, 0],
      ],
    ],
    [
      'collinear points',
      [
        [0, 0, 0],
        [1, 2, 3],
        [2, 4, 6],
        [-5, -10, -15],
      ],
    ],
    [
      'one repeated point',
      [
        [4, 4, 4],
        [4, 4, 4],
        [4, 4, 4],
      ],
    ],
  ] as [string, Point3[]][])('has no plane for %s', (_, points) => {
    expect(bestFitPlane(points)).toBeNull();
  });
});

describe('bestFitPlane minimises the squared distances', () => {
  it('gives exactly coplanar points the normal of their polygon (Newell), as measured before', () => {
    for (const points of [circle(15, 90).map(OBLIQUE), square(10).map(OBLIQUE), [...square(3)].reverse()]) {
      const newell = normalize(newellVector(points.map((point) => subtract(point, fit(points).centroid)))) as Point3;
      for (const [i, value] of newell.entries()) expect(fit(points).normal[i]).toBeCloseTo(value, 12);
    }
  });

  it('still finds the plane of a self-crossing outline, whose loops cancel in Newell’s sum', () => {
    const swapped = [square(10)[0], square(10)[2], square(10)[1], square(10)[3]].map((point) =>
      OBLIQUE(point as Point3),
    );
    expect(norm(newellVector(swapped.map((point) => subtract(point, OBLIQUE([5, 5, 0])))))).toBeLessThan(1e-9);
    expectParallel(fit(swapped).normal, subtract(OBLIQUE([0, 0, 1]), OBLIQUE([0, 0, 0])));
  });

  it('does not depend on the order of the points but for the side the normal faces', () => {
    const points = circle(10, 7)
      .map(([x, y], i): Point3 => [x, y, 0.3 * Math.sin(3 * i)])
      .map(OBLIQUE);
    const shuffled = [points[3], points[0], points[6], points[1], points[5], points[2], points[4]] as Point3[];
    expectParallel(fit(points).normal, fit(shuffled).normal);
  });

  it('a 10 mm square with one corner lifted by h: the normal and distances of the analytic fit', () => {
    const h = 1;
    const lifted: Point3[] = [
      [0, 0, 0],
      [10, 0, 0],
      [10, 10, 0],
      [0, 10, h],
    ];
    // Centred at (5, 5, h/4), the scatter matrix is [[100, 0, -5h], [0, 100, 5h], [-5h, 5h, 3h²/4]]. On
    // e1 = (1, -1, 0)/√2 and e3 = (0, 0, 1) it is [[a, b], [b, d]] with a = 100, b = -5√2 h, d = 3h²/4;
    // (1, 1, 0)/√2 is an eigenvector of eigenvalue 100. The smallest eigenvalue is
    // λ = (a + d − √((a − d)² + 4b²)) / 2 with eigenvector (b, λ − a) on (e1, e3).
    const [a, b, d] = [100, -5 * Math.SQRT2 * h, (3 * h * h) / 4];
    const lambda = (a + d - Math.sqrt((a - d) ** 2 + 4 * b * b)) / 2;
    const [alpha, beta] = [b / Math.hypot(b, lambda - a), (lambda - a) / Math.hypot(b, lambda - a)];
    const normal: Point3 = [alpha / Math.SQRT2, -alpha / Math.SQRT2, beta];
    const centred = lifted.map((point) => subtract(point, [5, 5, h / 4]));
    const distances = centred.map((point) => Math.abs(dot(point, normal)));
    const plane = fit(lifted);
    expectParallel(plane.normal, normal);
    expect(sumOfSquaredDistances(lifted, plane)).toBeCloseTo(lambda, 12);
    // ≈ 0.25062 mm, at the corner next to the lifted one along x, not h/4 as a vertical fit would say.
    expect(largestDistanceFromPlane(lifted, plane)).toBeCloseTo(Math.max(...distances), 12);
    expect(largestDistanceFromPlane(lifted, plane)).toBeCloseTo(0.250618, 6);
  });

  it('no tilt of the fitted plane lowers the sum of squared distances of noisy points', () => {
    const random = sequence(7);
    const points = circle(12, 40).map(([x, y]): Point3 => OBLIQUE([x + random(), y + random(), 0.8 * random()]));
    const plane = fit(points);
    const best = sumOfSquaredDistances(points, plane);
    for (let k = 0; k < 50; k++) {
      const tilted = normalize([
        plane.normal[0] + 0.01 * random(),
        plane.normal[1] + 0.01 * random(),
        plane.normal[2] + 0.01 * random(),
      ]) as Point3;
      expect(sumOfSquaredDistances(points, { centroid: plane.centroid, normal: tilted })).toBeGreaterThan(best);
    }
  });
});

describe('largestDistanceFromPlane', () => {
  it('is 0 for coplanar points and h for a saddle lifting alternate corners by ±h', () => {
    const flat = square(10).map(rigidMotion([1, 2, 3], 40, [10, -20, 300]));
    expect(largestDistanceFromPlane(flat, fit(flat))).toBeLessThan(1e-12);
    const saddle = square(10).map(([x, y], i): Point3 => [x, y, i % 2 === 0 ? 0.5 : -0.5]);
    expect(fit(saddle).normal).toEqual([0, 0, 1]);
    expect(largestDistanceFromPlane(saddle, fit(saddle))).toBeCloseTo(0.5, 14);
  });
});
