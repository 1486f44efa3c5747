import type { Dims } from './connected-components.ts';
import { CASE_START, EDGE_AXIS, EDGE_CORNERS, TRIANGLE_EDGES } from './marching-cubes-table.ts';
import { GrowableArray, type TriangleMesh } from './mesh.ts';

/**
 * The surface where `field` crosses `level` (inside: above it), as an indexed triangle mesh in grid
 * coordinates (voxel (x, y, z) at point (x, y, z)), normals pointing out of the inside. Each crossed grid
 * edge gets one vertex, shared by every cube around it, so the mesh is closed wherever the inside does
 * not touch the grid's outer layer. Edges are cached for two planes at a time, not the whole grid.
 * `level` must differ from every field value, so a vertex never sits exactly on a grid point.
 */
export function marchingCubes(field: Int16Array | Float32Array, [nx, ny, nz]: Dims, level: number): TriangleMesh {
  const plane = nx * ny;
  const positions = new GrowableArray(Float32Array);
  const indices = new GrowableArray(Uint32Array);
  let vertexCount = 0;
  // Vertex id + 1 (0: none yet) of the edges along x and y in this plane [0] and the next [1], and of the
  // edges along z between them.
  let alongX: Int32Array[] = [new Int32Array(plane), new Int32Array(plane)];
  let alongY: Int32Array[] = [new Int32Array(plane), new Int32Array(plane)];
  const alongZ = new Int32Array(plane);
  const cornerOffset = Array.from({ length: 8 }, (_, c) => (c & 1) + ((c >> 1) & 1) * nx + ((c >> 2) & 1) * plane);
  const edgeBase = EDGE_CORNERS.map(([a]) => [a & 1, (a >> 1) & 1, (a >> 2) & 1] as const);
  const values = new Float64Array(8);

  const vertexOn = (e: number, x: number, y: number, z: number): number => {
    const [bx, by, bz] = edgeBase[e] as readonly [number, number, number];
    const axis = EDGE_AXIS[e] as number;
    const slot = (y + by) * nx + x + bx;
    const cache = axis === 2 ? alongZ : ((axis === 0 ? alongX : alongY)[bz] as Int32Array);
    const known = cache[slot] as number;
    if (known) return known - 1;
    const [a, b] = EDGE_CORNERS[e] as readonly [number, number];
    const t = (level - (values[a] as number)) / ((values[b] as number) - (values[a] as number));
    positions.push(x + bx + (axis === 0 ? t : 0));
    positions.push(y + by + (axis === 1 ? t : 0));
    positions.push(z + bz + (axis === 2 ? t : 0));
    cache[slot] = ++vertexCount;
    return vertexCount - 1;
  };

  for (let z = 0; z + 1 < nz; z++) {
    if (z > 0) {
      alongX = [alongX[1] as Int32Array, (alongX[0] as Int32Array).fill(0)];
      alongY = [alongY[1] as Int32Array, (alongY[0] as Int32Array).fill(0)];
      alongZ.fill(0);
    }
    for (let y = 0; y + 1 < ny; y++) {
      for (let x = 0; x + 1 < nx; x++) {
        const base = x + y * nx + z * plane;
        let pattern = 0;
        for (let c = 0; c < 8; c++) {
          const value = field[base + (cornerOffset[c] as number)] as number;
          values[c] = value;
          if (value > level) pattern |= 1 << c;
        }
        if (pattern === 0 || pattern === 255) continue;
        for (let i = CASE_START[pattern] as number; i < (CASE_START[pattern + 1] as number); i++) {
          indices.push(vertexOn(TRIANGLE_EDGES[i] as number, x, y, z));
        }
      }
    }
  }
  return { positions: positions.toArray(), indices: indices.toArray() };
}
