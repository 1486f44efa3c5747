/**
 * The largest 6-connected part of a label's voxels. A segmentation may leave a few stray voxels of a
 * label far from the structure; the root's centroid or the appendage's extent must not follow them.
 */
import { type LabelledVolume, voxelSpace } from './volume.ts';

/** Flat voxel indices of the largest part (empty when the label is absent). */
export function largestPartIndices(v: LabelledVolume, label: number): Int32Array {
  const [nx, ny, nz] = v.dims;
  const { labels } = v;
  const seen = new Uint8Array(labels.length);
  let best: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== label || seen[start]) continue;
    const part: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const idx = stack.pop()!;
      part.push(idx);
      const i = idx % nx;
      const j = Math.floor(idx / nx) % ny;
      const k = Math.floor(idx / (nx * ny));
      const visit = (n: number) => {
        if (labels[n] === label && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      };
      if (i > 0) visit(idx - 1);
      if (i < nx - 1) visit(idx + 1);
      if (j > 0) visit(idx - nx);
      if (j < ny - 1) visit(idx + nx);
      if (k > 0) visit(idx - nx * ny);
      if (k < nz - 1) visit(idx + nx * ny);
    }
    if (part.length > best.length) best = part;
  }
  return Int32Array.from(best);
}

/** Patient positions (flat x, y, z) of voxel indices. */
export function positionsOf(v: LabelledVolume, indices: Int32Array): Float64Array {
  const [nx, ny] = v.dims;
  const space = voxelSpace(v);
  const out = new Float64Array(indices.length * 3);
  indices.forEach((idx, n) => {
    const p = space.toPatient(idx % nx, Math.floor(idx / nx) % ny, Math.floor(idx / (nx * ny)));
    out[3 * n] = p[0];
    out[3 * n + 1] = p[1];
    out[3 * n + 2] = p[2];
  });
  return out;
}
