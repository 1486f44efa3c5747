/**
 * The work grid: the source averaged in blocks to about 1.3 mm and smoothed a little. Averaging first
 * makes every later step (distance transforms, flood fills) 4–8 times cheaper and divides the noise by
 * the block's square root; the final labels are put back on the source grid by `source-grid.ts`, so the
 * coarse grid costs no accuracy at the lumen's edge.
 */
import type { CtVolume, Dims, Vec3, WorkVolume } from './types.ts';

export function workVolume(volume: CtVolume, targetMm: number): WorkVolume {
  const [nx, ny, nz] = volume.header.dimensions as Dims;
  const spacing = volume.header.spacing as Vec3;
  const factors = spacing.map((s) => Math.max(1, Math.round(targetMm / s))) as Vec3;
  const [fx, fy, fz] = factors;
  const dims: Dims = [Math.ceil(nx / fx), Math.ceil(ny / fy), Math.ceil(nz / fz)];
  const sum = new Float32Array(dims[0] * dims[1] * dims[2]);
  const count = new Uint16Array(sum.length);
  const hu = volume.hu;
  for (let k = 0; k < nz; k++) {
    const wk = Math.floor(k / fz) * dims[0] * dims[1];
    for (let j = 0; j < ny; j++) {
      const row = wk + Math.floor(j / fy) * dims[0];
      let v = (k * ny + j) * nx;
      for (let i = 0; i < nx; i++, v++) {
        const w = row + Math.floor(i / fx);
        sum[w]! += hu[v]!;
        count[w]!++;
      }
    }
  }
  for (let w = 0; w < sum.length; w++) sum[w] = sum[w]! / count[w]!;
  const workSpacing = spacing.map((s, a) => s * factors[a]!) as Vec3;
  gaussianSmooth(sum, dims, workSpacing, 0.7);
  return { dims, spacing: workSpacing, hu: sum, factors };
}

/**
 * Separable Gaussian of σ mm, in place. The kernel is cut at 2.5 σ; with σ below a third of a voxel an
 * axis is left alone (its weights would be all on the centre).
 */
export function gaussianSmooth(field: Float32Array, dims: Dims, spacing: Vec3, sigmaMm: number): void {
  const strides = [1, dims[0], dims[0] * dims[1]];
  const line = new Float32Array(Math.max(...dims));
  for (let axis = 0; axis < 3; axis++) {
    const sigma = sigmaMm / spacing[axis]!;
    if (sigma < 0.34) continue;
    const reach = Math.max(1, Math.ceil(2.5 * sigma));
    const kernel = Array.from({ length: 2 * reach + 1 }, (_, n) => Math.exp(-((n - reach) ** 2) / (2 * sigma * sigma)));
    const total = kernel.reduce((a, b) => a + b, 0);
    for (let n = 0; n < kernel.length; n++) kernel[n] = kernel[n]! / total;
    const n = dims[axis]!;
    const stride = strides[axis]!;
    const [a1, a2] = [0, 1, 2].filter((a) => a !== axis) as [number, number];
    for (let u = 0; u < dims[a2]!; u++) {
      for (let t = 0; t < dims[a1]!; t++) {
        const start = t * strides[a1]! + u * strides[a2]!;
        for (let p = 0; p < n; p++) line[p] = field[start + p * stride]!;
        for (let p = 0; p < n; p++) {
          let acc = 0;
          for (let q = -reach; q <= reach; q++) {
            // Edges repeat the last sample: no darkening at the field of view's border.
            const at = Math.min(n - 1, Math.max(0, p + q));
            acc += kernel[q + reach]! * line[at]!;
          }
          field[start + p * stride] = acc;
        }
      }
    }
  }
}

/** Trilinear value of `field` at continuous grid coordinates (clamped to the grid). */
export function trilinear(field: Float32Array, [nx, ny, nz]: Dims, x: number, y: number, z: number): number {
  const cx = Math.min(nx - 1.001, Math.max(0, x));
  const cy = Math.min(ny - 1.001, Math.max(0, y));
  const cz = Math.min(nz - 1.001, Math.max(0, z));
  const i = Math.floor(cx);
  const j = Math.floor(cy);
  const k = Math.floor(cz);
  const tx = cx - i;
  const ty = cy - j;
  const tz = cz - k;
  const sx = 1;
  const sy = nx;
  const sz = nx * ny;
  const a = i + j * sy + k * sz;
  const c00 = field[a]! + (field[a + sx]! - field[a]!) * tx;
  const c10 = field[a + sy]! + (field[a + sy + sx]! - field[a + sy]!) * tx;
  const c01 = field[a + sz]! + (field[a + sz + sx]! - field[a + sz]!) * tx;
  const c11 = field[a + sz + sy]! + (field[a + sz + sy + sx]! - field[a + sz + sy]!) * tx;
  const c0 = c00 + (c10 - c00) * ty;
  const c1 = c01 + (c11 - c01) * ty;
  return c0 + (c1 - c0) * tz;
}
