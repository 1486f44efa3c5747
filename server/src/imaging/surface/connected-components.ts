/** Grid size [x, y, z]; voxel (x, y, z) is at index x + nx·(y + ny·z). */
export type Dims = [number, number, number];

/**
 * Labels the 6-connected parts of the voxels where `mask` is non-zero: labels[v] is 1 + the part's
 * index (0 outside the mask), sizes[p] its voxel count. Flood fill with an explicit stack: a CT blood
 * pool is millions of voxels, far deeper than any call stack.
 */
export function labelComponents(mask: Uint8Array, dims: Dims): { labels: Int32Array; sizes: number[] } {
  const UNLABELLED = -1;
  const labels = new Int32Array(mask.length);
  for (let v = 0; v < mask.length; v++) if (mask[v]) labels[v] = UNLABELLED;
  const sizes: number[] = [];
  const stack = new Int32Array(mask.length);
  for (let seed = 0; seed < mask.length; seed++) {
    if (labels[seed] === UNLABELLED) sizes.push(floodFill(labels, dims, seed, UNLABELLED, sizes.length + 1, stack));
  }
  return { labels, sizes };
}

/**
 * Sets every voxel 6-connected to `seed` through voxels of value `from` (the seed's) to `to`, and answers
 * how many it set. `stack` needs room for every voxel of the grid.
 */
export function floodFill(
  grid: Int32Array | Uint8Array,
  [nx, ny, nz]: Dims,
  seed: number,
  from: number,
  to: number,
  stack: Int32Array,
): number {
  const plane = nx * ny;
  let top = 0;
  let count = 0;
  grid[seed] = to;
  stack[top++] = seed;
  while (top > 0) {
    const v = stack[--top] as number;
    count++;
    const x = v % nx;
    const y = ((v - x) / nx) % ny;
    const z = (v - x - y * nx) / plane;
    if (x > 0 && grid[v - 1] === from) {
      grid[v - 1] = to;
      stack[top++] = v - 1;
    }
    if (x < nx - 1 && grid[v + 1] === from) {
      grid[v + 1] = to;
      stack[top++] = v + 1;
    }
    if (y > 0 && grid[v - nx] === from) {
      grid[v - nx] = to;
      stack[top++] = v - nx;
    }
    if (y < ny - 1 && grid[v + nx] === from) {
      grid[v + nx] = to;
      stack[top++] = v + nx;
    }
    if (z > 0 && grid[v - plane] === from) {
      grid[v - plane] = to;
      stack[top++] = v - plane;
    }
    if (z < nz - 1 && grid[v + plane] === from) {
      grid[v + plane] = to;
      stack[top++] = v + plane;
    }
  }
  return count;
}
