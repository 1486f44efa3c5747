/**
 * Exact Euclidean distance transforms (Felzenszwalb–Huttenlocher, one pass per axis) in mm with
 * anisotropic spacing. The segmentation measures thickness with them: a voxel's distance to the nearest
 * voxel outside the lumen tells a 2.5 mm wall bridge (≤ 1.5 mm from both sides) from a chamber.
 */
import type { Dims, Vec3 } from './types.ts';

/** Squared distance (mm²) of every voxel to the nearest voxel where `mask` is 0 (0 outside the mask). */
export function squaredDistanceInside(mask: Uint8Array, dims: Dims, spacing: Vec3): Float32Array {
  const field = new Float32Array(mask.length);
  for (let v = 0; v < mask.length; v++) field[v] = mask[v] ? Infinity : 0;
  transform(field, dims, spacing);
  return field;
}

/** Squared distance (mm²) of every voxel to the nearest voxel where `mask` is non-zero. */
export function squaredDistanceTo(mask: Uint8Array, dims: Dims, spacing: Vec3): Float32Array {
  const field = new Float32Array(mask.length);
  for (let v = 0; v < mask.length; v++) field[v] = mask[v] ? 0 : Infinity;
  transform(field, dims, spacing);
  return field;
}

/** The same on one 2D plane (`dims` [nx, ny], spacing in mm). */
export function squaredDistanceInside2d(
  mask: Uint8Array,
  nx: number,
  ny: number,
  sx: number,
  sy: number,
): Float32Array {
  const field = new Float32Array(mask.length);
  for (let v = 0; v < mask.length; v++) field[v] = mask[v] ? Infinity : 0;
  transform(field, [nx, ny, 1], [sx, sy, 1]);
  return field;
}

function transform(field: Float32Array, [nx, ny, nz]: Dims, spacing: Vec3): void {
  const longest = Math.max(nx, ny, nz);
  const s = {
    line: new Float64Array(longest),
    out: new Float64Array(longest),
    hull: new Int32Array(longest),
    bounds: new Float64Array(longest + 1),
  };
  const plane = nx * ny;
  const pass = (
    count: number,
    stride: number,
    step: number,
    outer: number,
    outerStride: number,
    inner: number,
    innerStride: number,
  ) => {
    if (count < 2) return;
    for (let a = 0; a < outer; a++) {
      for (let b = 0; b < inner; b++) {
        const start = a * outerStride + b * innerStride;
        for (let n = 0; n < count; n++) s.line[n] = field[start + n * stride]!;
        lowerEnvelope(count, step, s);
        for (let n = 0; n < count; n++) field[start + n * stride] = s.out[n]!;
      }
    }
  };
  pass(nx, 1, spacing[0], nz, plane, ny, nx);
  pass(ny, nx, spacing[1], nz, plane, nx, 1);
  pass(nz, plane, spacing[2], ny, nx, nx, 1);
}

/** out[p] = min over q of f[q] + ((p − q)·step)², over the finite samples only. */
function lowerEnvelope(
  count: number,
  step: number,
  s: { line: Float64Array; out: Float64Array; hull: Int32Array; bounds: Float64Array },
): void {
  const { line: f, out, hull, bounds } = s;
  let top = -1;
  for (let q = 0; q < count; q++) {
    if (f[q] === Infinity) continue;
    const xq = q * step;
    while (top >= 0) {
      const r = hull[top]!;
      const xr = r * step;
      const cut = (f[q]! + xq * xq - (f[r]! + xr * xr)) / (2 * (xq - xr));
      if (cut > bounds[top]!) {
        top++;
        hull[top] = q;
        bounds[top] = cut;
        break;
      }
      top--;
    }
    if (top < 0) {
      top = 0;
      hull[0] = q;
      bounds[0] = -Infinity;
    }
  }
  if (top < 0) {
    out.fill(Infinity, 0, count);
    return;
  }
  let h = 0;
  for (let p = 0; p < count; p++) {
    const xp = p * step;
    while (h < top && bounds[h + 1]! < xp) h++;
    const r = hull[h]!;
    const d = xp - r * step;
    out[p] = f[r]! + d * d;
  }
}
