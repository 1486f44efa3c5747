import type { TriangleMesh } from './mesh.ts';

export interface TaubinOptions {
  iterations: number;
  /** The shrinking step (0 < λ < 1). */
  lambda: number;
  /** The inflating step (μ < −λ); 0.5 / −0.53 passes low frequencies with almost no shrinking. */
  mu: number;
}

export const DEFAULT_TAUBIN: Readonly<TaubinOptions> = Object.freeze({ iterations: 10, lambda: 0.5, mu: -0.53 });

/**
 * Taubin λ/μ smoothing in place: removes the voxel staircase of marching cubes without the shrinking of
 * plain Laplacian smoothing, which would thin vessels. Uniform weights over the vertex's neighbours.
 */
export function taubinSmooth(mesh: TriangleMesh, { iterations, lambda, mu }: TaubinOptions): void {
  const { start, neighbours } = adjacency(mesh);
  const p = mesh.positions;
  const moved = new Float32Array(p.length);
  const step = (factor: number) => {
    for (let v = 0; v + 1 < start.length; v++) {
      const from = start[v]!;
      const to = start[v + 1]!;
      if (from === to) {
        moved.set(p.subarray(3 * v, 3 * v + 3), 3 * v);
        continue;
      }
      let sx = 0;
      let sy = 0;
      let sz = 0;
      for (let k = from; k < to; k++) {
        const w = 3 * neighbours[k]!;
        sx += p[w]!;
        sy += p[w + 1]!;
        sz += p[w + 2]!;
      }
      const n = to - from;
      moved[3 * v] = p[3 * v]! + factor * (sx / n - p[3 * v]!);
      moved[3 * v + 1] = p[3 * v + 1]! + factor * (sy / n - p[3 * v + 1]!);
      moved[3 * v + 2] = p[3 * v + 2]! + factor * (sz / n - p[3 * v + 2]!);
    }
    p.set(moved);
  };
  for (let i = 0; i < iterations; i++) {
    step(lambda);
    step(mu);
  }
}

/**
 * Each vertex's neighbours (compressed rows). An edge inside a closed surface is listed by both of its
 * triangles, so every neighbour appears twice: equal weights all the same, and no de-duplication pass.
 */
function adjacency({ positions, indices }: TriangleMesh) {
  const vertexCount = positions.length / 3;
  const start = new Uint32Array(vertexCount + 1);
  for (let i = 0; i < indices.length; i++) start[indices[i]! + 1]! += 2;
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, vertexCount);
  const neighbours = new Uint32Array(start[vertexCount]!);
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const v = indices[t + k]!;
      neighbours[fill[v]!++] = indices[t + ((k + 1) % 3)]!;
      neighbours[fill[v]!++] = indices[t + ((k + 2) % 3)]!;
    }
  }
  return { start, neighbours };
}
