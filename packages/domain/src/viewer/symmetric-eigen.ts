import type { Point3 } from './geometry.ts';

/** A symmetric 3×3 matrix, row by row. */
export type SymmetricMatrix3 = readonly [Point3, Point3, Point3];

/** One eigenpair: `vector` is a unit vector. */
export interface EigenPair {
  value: number;
  vector: Point3;
}

const MAX_SWEEPS = 50;

/**
 * Eigenvalues and eigenvectors of a symmetric 3×3 matrix by cyclic Jacobi rotations, sorted by
 * ascending eigenvalue. Jacobi is chosen over the closed-form cubic because it stays accurate when
 * eigenvalues are equal or nearly so (a circle drawn in a plane has two equal ones), where the
 * closed form's eigenvectors lose all their digits; each rotation is orthogonal, so the vectors
 * remain orthonormal to rounding. Three by three converges in a handful of sweeps.
 */
export function symmetricEigen3(matrix: SymmetricMatrix3): [EigenPair, EigenPair, EigenPair] {
  const a = matrix.map((row) => [...row]);
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const offDiagonal = Math.abs(a[0]![1]!) + Math.abs(a[0]![2]!) + Math.abs(a[1]![2]!);
    const diagonal = Math.abs(a[0]![0]!) + Math.abs(a[1]![1]!) + Math.abs(a[2]![2]!);
    // Below this the rotations no longer change the diagonal in double precision.
    if (offDiagonal <= Number.EPSILON * 1e-3 * diagonal || offDiagonal === 0) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      rotate(a, v, p, q);
    }
  }
  const pairs = [0, 1, 2].map((k): EigenPair => ({ value: a[k]![k]!, vector: [v[0]![k]!, v[1]![k]!, v[2]![k]!] }));
  pairs.sort((x, y) => x.value - y.value);
  return pairs as [EigenPair, EigenPair, EigenPair];
}

/** One Jacobi rotation zeroing a[p][q], applied to `a` (both sides) and accumulated into `v`. */
function rotate(a: number[][], v: number[][], p: number, q: number): void {
  const apq = a[p]![q]!;
  if (apq === 0) return;
  // The smaller root of t² + 2θt − 1 = 0, written so it cannot cancel (Rutishauser).
  const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
  const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < 3; k++) {
    const akp = a[k]![p]!;
    const akq = a[k]![q]!;
    a[k]![p] = c * akp - s * akq;
    a[k]![q] = s * akp + c * akq;
  }
  for (let k = 0; k < 3; k++) {
    const apk = a[p]![k]!;
    const aqk = a[q]![k]!;
    a[p]![k] = c * apk - s * aqk;
    a[q]![k] = s * apk + c * aqk;
  }
  // Exactly zero by construction; storing the rounding residue would only slow convergence.
  a[p]![q] = 0;
  a[q]![p] = 0;
  for (let k = 0; k < 3; k++) {
    const vkp = v[k]![p]!;
    const vkq = v[k]![q]!;
    v[k]![p] = c * vkp - s * vkq;
    v[k]![q] = s * vkp + c * vkq;
  }
}
