/**
 * The scanner's blur (a separable Gaussian, which also gives the partial-volume edges) and its noise
 * (white Gaussian, seeded), applied to the rasterised HU before it is rounded to 16 bits.
 */
import { Rng } from './random.ts';

/** Blurs `data` in place with Gaussian σ (in voxels) per axis; an axis with σ < 0.05 is left alone. */
export function gaussianBlur3d(data: Float32Array, dims: [number, number, number], sigma: [number, number, number]) {
  const [nx, ny, nz] = dims;
  const strides = [1, nx, nx * ny];
  const lengths = [nx, ny, nz];
  const line = new Float32Array(Math.max(nx, ny, nz));
  for (let axis = 0; axis < 3; axis++) {
    const s = sigma[axis]!;
    if (s < 0.05) continue;
    const radius = Math.ceil(3 * s);
    const kernel = new Float32Array(2 * radius + 1);
    let sum = 0;
    for (let r = -radius; r <= radius; r++) sum += kernel[r + radius] = Math.exp(-(r * r) / (2 * s * s));
    for (let r = 0; r < kernel.length; r++) kernel[r]! /= sum;
    const stride = strides[axis]!;
    const n = lengths[axis]!;
    // Visit every line along `axis`: its start runs over the other two axes.
    const [a, b] = [0, 1, 2].filter((x) => x !== axis) as [number, number];
    for (let ib = 0; ib < lengths[b]!; ib++)
      for (let ia = 0; ia < lengths[a]!; ia++) {
        const start = ia * strides[a]! + ib * strides[b]!;
        for (let t = 0; t < n; t++) line[t] = data[start + t * stride]!;
        for (let t = 0; t < n; t++) {
          let acc = 0;
          for (let r = -radius; r <= radius; r++) {
            // Edges repeat the border voxel, so the field's edge does not darken.
            const u = Math.min(n - 1, Math.max(0, t + r));
            acc += kernel[r + radius]! * line[u]!;
          }
          data[start + t * stride] = acc;
        }
      }
  }
}

/** Adds white Gaussian noise of σ `sigma` (seeded) and rounds to Int16. */
export function addNoise(data: Float32Array, sigma: number, seed: number): Int16Array {
  const rng = new Rng(seed);
  const out = new Int16Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const value = Math.round(data[i]! + sigma * rng.normal());
    out[i] = Math.max(-32768, Math.min(32767, value));
  }
  return out;
}
