import { describe, expect, it } from 'vitest';
import { cross, dot, norm, type Point3, scale } from './geometry.ts';
import { type EigenPair, type SymmetricMatrix3, symmetricEigen3 } from './symmetric-eigen.ts';
import { rigidMotion } from './test-shapes.ts';

const times = (matrix: SymmetricMatrix3, vector: Point3): Point3 => [
  dot(matrix[0], vector),
  dot(matrix[1], vector),
  dot(matrix[2], vector),
];

/** R diag(values) Rᵀ for the rotation R taking the axes to the columns `axes`. */
function withEigenpairs(values: Point3, axes: [Point3, Point3, Point3]): SymmetricMatrix3 {
  const entry = (i: number, j: number) => axes.reduce((sum, axis, k) => sum + values[k]! * axis[i]! * axis[j]!, 0);
  return [
    [entry(0, 0), entry(0, 1), entry(0, 2)],
    [entry(1, 0), entry(1, 1), entry(1, 2)],
    [entry(2, 0), entry(2, 1), entry(2, 2)],
  ];
}

const rotated = (axis: Point3, degrees: number): [Point3, Point3, Point3] => {
  const rotate = rigidMotion(axis, degrees, [0, 0, 0]);
  return [rotate([1, 0, 0]), rotate([0, 1, 0]), rotate([0, 0, 1])];
};

/** Each pair satisfies A v = λ v and the vectors are orthonormal and right- or left-handed. */
function expectEigenpairs(matrix: SymmetricMatrix3, pairs: EigenPair[], digits = 12) {
  const scaleOf = Math.max(1, ...pairs.map((pair) => Math.abs(pair.value)));
  for (const { value, vector } of pairs) {
    expect(norm(vector)).toBeCloseTo(1, 14);
    const residual = norm(times(matrix, vector).map((x, i) => x - value * vector[i]!) as unknown as Point3);
    expect(residual / scaleOf).toBeLessThan(10 ** -digits);
  }
  const [a, b, c] = pairs.map((pair) => pair.vector) as [Point3, Point3, Point3];
  expect(Math.abs(dot(a, b)) + Math.abs(dot(a, c)) + Math.abs(dot(b, c))).toBeLessThan(1e-14);
  expect(Math.abs(dot(cross(a, b), c))).toBeCloseTo(1, 14);
}

describe('symmetricEigen3', () => {
  it('returns a diagonal matrix’s entries, ascending, with the axes', () => {
    const pairs = symmetricEigen3([
      [3, 0, 0],
      [0, -1, 0],
      [0, 0, 2],
    ]);
    expect(pairs).toEqual([
      { value: -1, vector: [0, 1, 0] },
      { value: 2, vector: [0, 0, 1] },
      { value: 3, vector: [1, 0, 0] },
    ]);
  });

  it('solves a textbook matrix: [[2, -1, 0], [-1, 2, -1], [0, -1, 2]] has 2 − √2, 2, 2 + √2', () => {
    const matrix: SymmetricMatrix3 = [
      [2, -1, 0],
      [-1, 2, -1],
      [0, -1, 2],
    ];
    const pairs = symmetricEigen3(matrix);
    expect(pairs.map((pair) => pair.value)).toEqual([
      expect.closeTo(2 - Math.SQRT2, 14),
      expect.closeTo(2, 14),
      expect.closeTo(2 + Math.SQRT2, 14),
    ]);
    expect(Math.abs(dot(pairs[0].vector, scale([1, Math.SQRT2, 1], 0.5)))).toBeCloseTo(1, 14);
    expectEigenpairs(matrix, pairs);
  });

  it.each([
    ['distinct', [0.001, 40, 2500] as Point3],
    ['two equal (a circle’s spread)', [0, 625, 625] as Point3],
    ['two equal and small (a line’s spread)', [0, 0, 900] as Point3],
    ['all equal', [7, 7, 7] as Point3],
    ['rank one, huge', [0, 0, 1e12] as Point3],
    ['negative', [-5, -3, 4] as Point3],
  ])('recovers %s eigenvalues of a rotated matrix with their vectors', (_, values) => {
    const axes = rotated([0.3, -0.7, 0.55], 37);
    const matrix = withEigenpairs(values, axes);
    const pairs = symmetricEigen3(matrix);
    const size = Math.max(...values.map(Math.abs));
    for (const [k, pair] of pairs.entries()) expect(Math.abs(pair.value - values[k]!) / size).toBeLessThan(1e-13);
    expectEigenpairs(matrix, pairs);
    // Where an eigenvalue is single, its vector is the rotated axis (up to sign).
    if (values[0] !== values[1]) expect(Math.abs(dot(pairs[0].vector, axes[0]))).toBeCloseTo(1, 12);
  });

  it('answers the zero matrix with the axes', () => {
    const pairs = symmetricEigen3([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(pairs.map((pair) => pair.value)).toEqual([0, 0, 0]);
    expectEigenpairs(
      [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      pairs,
    );
  });
});
