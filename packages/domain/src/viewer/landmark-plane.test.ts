import { describe, expect, it } from 'vitest';
import { type Plane, type Point3, subtract } from './geometry.ts';
import { isPointOnPlane, LANDMARK_PLANE_TOLERANCE_MM, landmarkPlane, signedDistanceToPlane } from './landmark-plane.ts';
import { circle, OBLIQUE } from './test-shapes.ts';

const axial: Plane = { centroid: [10, 20, 30], normal: [0, 0, 1] };

describe('signedDistanceToPlane', () => {
  it.each([
    [[0, 0, 30], 0],
    [[99, -4, 31.25], 1.25],
    [[5, 5, 28], -2],
  ] as [Point3, number][])('%j is %d mm from the axial plane z = 30', (point, expected) => {
    expect(signedDistanceToPlane(point, axial)).toBeCloseTo(expected, 12);
  });

  it('normalises a non-unit normal instead of scaling the distance', () => {
    expect(signedDistanceToPlane([0, 0, 33], { centroid: [0, 0, 30], normal: [0, 0, 5] })).toBeCloseTo(3, 12);
  });

  it('works in an oblique plane', () => {
    const origin = OBLIQUE([0, 0, 0]);
    const plane: Plane = { centroid: origin, normal: subtract(OBLIQUE([0, 0, 1]), origin) };
    expect(signedDistanceToPlane(OBLIQUE([7, -3, 0.4]), plane)).toBeCloseTo(0.4, 9);
  });

  it('refuses a zero normal', () => {
    expect(() => signedDistanceToPlane([0, 0, 0], { centroid: [0, 0, 0], normal: [0, 0, 0] })).toThrow();
  });
});

describe('isPointOnPlane (spec §9 tolerance 0.5 mm)', () => {
  it('is 0.5 mm', () => expect(LANDMARK_PLANE_TOLERANCE_MM).toBe(0.5));

  it.each([
    [30, true],
    [30.5, true],
    [29.5, true],
    [30.51, false],
    [29.49, false],
  ])('z = %d: %s', (z, expected) => {
    expect(isPointOnPlane([1, 2, z], axial)).toBe(expected);
  });

  it('takes another tolerance', () => {
    expect(isPointOnPlane([1, 2, 31], axial, 1)).toBe(true);
    expect(isPointOnPlane([1, 2, 30.2], axial, 0.1)).toBe(false);
  });
});

describe('landmarkPlane', () => {
  it('uses the stored normal (normalised) and centroid when both are present', () => {
    expect(landmarkPlane({ points: circle(5, 8), normal: [0, 2, 0], centroid: [1, 1, 1] })).toEqual({
      centroid: [1, 1, 1],
      normal: [0, 1, 0],
    });
  });

  it('fits the points when a field is missing', () => {
    const plane = landmarkPlane({ points: circle(5, 8).map(OBLIQUE), normal: [0, 0, 1], centroid: null });
    const origin = OBLIQUE([0, 0, 0]);
    for (const [i, value] of origin.entries()) expect(plane?.centroid[i]).toBeCloseTo(value, 9);
    expect(signedDistanceToPlane(OBLIQUE([3, 3, 2]), plane as Plane)).toBeCloseTo(2, 9);
  });

  it('is null for a distance with no stored plane', () => {
    expect(
      landmarkPlane({
        points: [
          [0, 0, 0],
          [1, 1, 1],
        ],
      }),
    ).toBeNull();
  });
});
