/**
 * Least-squares Fourier series of a polar radius r(θ) sampled at equal angles, with missing samples
 * (NaN) skipped. Low-pass by construction: it removes the ray-to-ray jitter that would otherwise add
 * to a perimeter, and it separates the root's shape by symmetry (an ellipse has only even harmonics,
 * three equal sinuses add a third harmonic).
 */

export interface Fourier {
  /** a[0] mean radius; a[h], b[h] cosine and sine coefficients of harmonic h. */
  a: number[];
  b: number[];
}

export function fitFourier(radii: ArrayLike<number>, harmonics: number): Fourier | null {
  const n = radii.length;
  const m = 2 * harmonics + 1;
  const ata = new Float64Array(m * m);
  const atb = new Float64Array(m);
  const row = new Float64Array(m);
  let used = 0;
  for (let i = 0; i < n; i++) {
    const r = radii[i]!;
    if (!Number.isFinite(r)) continue;
    used++;
    const theta = (2 * Math.PI * i) / n;
    row[0] = 1;
    for (let h = 1; h <= harmonics; h++) {
      row[2 * h - 1] = Math.cos(h * theta);
      row[2 * h] = Math.sin(h * theta);
    }
    for (let p = 0; p < m; p++) {
      atb[p]! += row[p]! * r;
      for (let q = 0; q < m; q++) ata[p * m + q]! += row[p]! * row[q]!;
    }
  }
  if (used < m + 4) return null;
  const x = solve(ata, atb, m);
  if (!x) return null;
  const a = [x[0]!];
  const b = [0];
  for (let h = 1; h <= harmonics; h++) {
    a.push(x[2 * h - 1]!);
    b.push(x[2 * h]!);
  }
  return { a, b };
}

export function evaluateFourier(f: Fourier, theta: number): number {
  let r = f.a[0]!;
  for (let h = 1; h < f.a.length; h++) r += f.a[h]! * Math.cos(h * theta) + f.b[h]! * Math.sin(h * theta);
  return r;
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solve(a: Float64Array, b: Float64Array, m: number): Float64Array | null {
  const A = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let c = 0; c < m; c++) {
    let p = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(A[r * m + c]!) > Math.abs(A[p * m + c]!)) p = r;
    if (Math.abs(A[p * m + c]!) < 1e-12) return null;
    if (p !== c) {
      for (let k = 0; k < m; k++) [A[c * m + k], A[p * m + k]] = [A[p * m + k]!, A[c * m + k]!];
      [x[c], x[p]] = [x[p]!, x[c]!];
    }
    for (let r = c + 1; r < m; r++) {
      const f = A[r * m + c]! / A[c * m + c]!;
      if (f === 0) continue;
      for (let k = c; k < m; k++) A[r * m + k]! -= f * A[c * m + k]!;
      x[r]! -= f * x[c]!;
    }
  }
  for (let c = m - 1; c >= 0; c--) {
    let s = x[c]!;
    for (let k = c + 1; k < m; k++) s -= A[c * m + k]! * x[k]!;
    x[c] = s / A[c * m + c]!;
  }
  return x;
}
