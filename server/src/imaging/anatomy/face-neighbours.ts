import type { Dims } from './types.ts';

/**
 * Calls `visit` with each face neighbour (6-connectivity) of voxel `v` that lies inside the grid. The
 * growth, watershed and dilation steps all walk the grid this way; the grid's edge is where they stop.
 */
export function forEachFaceNeighbour(v: number, [nx, ny, nz]: Dims, visit: (u: number) => void): void {
  const plane = nx * ny;
  const x = v % nx;
  const y = Math.floor(v / nx) % ny;
  const z = Math.floor(v / plane);
  if (x > 0) visit(v - 1);
  if (x < nx - 1) visit(v + 1);
  if (y > 0) visit(v - nx);
  if (y < ny - 1) visit(v + nx);
  if (z > 0) visit(v - plane);
  if (z < nz - 1) visit(v + plane);
}
