/**
 * Centroid and principal axes of a point cloud: a line's direction is the axis of largest spread, a
 * plane's normal the axis of least spread. Jacobi on the 3×3 covariance (exact enough, no dependency).
 */
import type { Vec3 } from '../../types.ts';

export interface PrincipalAxes {
  centroid: Vec3;
  /** Unit axes, largest spread first. */
  axes: [Vec3, Vec3, Vec3];
  /** Variances along them (mm²), largest first. */
  variances: [number, number, number];
}

/** `points` as flat x, y, z triples; optional per-point weights. */
export function principalAxes(points: ArrayLike<number>, weights?: ArrayLike<number>): PrincipalAxes {
  const n = points.length / 3;
  let w = 0;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (let i = 0; i < n; i++) {
    const wi = weights ? weights[i]! : 1;
    w += wi;
    cx += wi * points[3 * i]!;
    cy += wi * points[3 * i + 1]!;
    cz += wi * points[3 * i + 2]!;
  }
  const c: Vec3 = [cx / w, cy / w, cz / w];
  const a = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const wi = weights ? weights[i]! : 1;
    const d = [points[3 * i]! - c[0], points[3 * i + 1]! - c[1], points[3 * i + 2]! - c[2]];
    for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) a[3 * r + s]! += (wi * d[r]! * d[s]!) / w;
  }
  const { values, vectors } = jacobi(a);
  const order = [0, 1, 2].sort((x, y) => values[y]! - values[x]!);
  const axis = (m: number): Vec3 => [vectors[m]!, vectors[3 + m]!, vectors[6 + m]!];
  return {
    centroid: c,
    axes: [axis(order[0]!), axis(order[1]!), axis(order[2]!)],
    variances: [values[order[0]!]!, values[order[1]!]!, values[order[2]!]!],
  };
}

/** Eigen-decomposition of a symmetric 3×3 (row-major); eigenvectors are the columns of `vectors`. */
function jacobi(m: number[]): { values: number[]; vectors: number[] } {
  const a = [...m];
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[1]! ** 2 + a[2]! ** 2 + a[5]! ** 2;
    if (off < 1e-20) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = a[3 * p + q]!;
      if (Math.abs(apq) < 1e-30) continue;
      const theta = (a[3 * q + q]! - a[3 * p + p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const cs = 1 / Math.sqrt(t * t + 1);
      const sn = t * cs;
      for (let k = 0; k < 3; k++) {
        const akp = a[3 * k + p]!;
        const akq = a[3 * k + q]!;
        a[3 * k + p] = cs * akp - sn * akq;
        a[3 * k + q] = sn * akp + cs * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[3 * p + k]!;
        const aqk = a[3 * q + k]!;
        a[3 * p + k] = cs * apk - sn * aqk;
        a[3 * q + k] = sn * apk + cs * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[3 * k + p]!;
        const vkq = v[3 * k + q]!;
        v[3 * k + p] = cs * vkp - sn * vkq;
        v[3 * k + q] = sn * vkp + cs * vkq;
      }
    }
  }
  return { values: [a[0]!, a[4]!, a[8]!], vectors: v };
}
