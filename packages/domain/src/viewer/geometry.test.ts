import { describe, expect, it } from 'vitest';
import { cross, dot, norm, type Point3, planeBasis, projectToPlane, subtract } from './geometry.ts';
import { bestFitPlane } from './plane-fit.ts';
import { convexHull, minimumWidth } from './polygon.ts';
import { circle, OBLIQUE } from './test-shapes.ts';

describe('planeBasis and projectToPlane', () => {
  it.each([[[0, 0, 1]], [[1, 0, 0]], [[0, -1, 0]], [[0.6, 0, 0.8]]] as [Point3][])(
    'gives an orthonormal right-handed basis for normal %j',
    (normal) => {
      const { u, v } = planeBasis(normal);
      expect(norm(u)).toBeCloseTo(1, 14);
      expect(norm(v)).toBeCloseTo(1, 14);
      expect(dot(u, v)).toBeCloseTo(0, 14);
      for (const [i, value] of cross(u, v).entries()) expect(value).toBeCloseTo(normal[i] as number, 14);
    },
  );

  it('keeps in-plane distances when projecting', () => {
    const points = circle(20, 5).map(OBLIQUE);
    const plane = bestFitPlane(points) as NonNullable<ReturnType<typeof bestFitPlane>>;
    const [a, b] = projectToPlane(points, plane) as [[number, number], [number, number]];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeCloseTo(norm(subtract(points[0]!, points[1]!)), 10);
  });
});

describe('convexHull and minimumWidth', () => {
  it('drops interior and collinear points', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [4, 0],
      [4, 4],
      [1, 1],
      [0, 4],
      [2, 2],
    ]);
    expect(hull).toEqual([
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ]);
  });

  it('measures a thin rectangle rotated by 30° as its short side', () => {
    const c = Math.cos(Math.PI / 6);
    const s = Math.sin(Math.PI / 6);
    const rotated = (
      [
        [0, 0],
        [40, 0],
        [40, 3],
        [0, 3],
      ] as const
    ).map(([x, y]): [number, number] => [c * x - s * y, s * x + c * y]);
    expect(minimumWidth(rotated)).toBeCloseTo(3, 12);
  });

  it('an equilateral triangle of side 10 is as wide as its height', () => {
    expect(
      minimumWidth([
        [0, 0],
        [10, 0],
        [5, 5 * Math.sqrt(3)],
      ]),
    ).toBeCloseTo(5 * Math.sqrt(3), 12);
  });

  it('a segment has no width', () => {
    expect(
      minimumWidth([
        [0, 0],
        [3, 3],
        [6, 6],
      ]),
    ).toBe(0);
  });
});
