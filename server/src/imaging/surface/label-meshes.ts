import type { Dims } from './connected-components.ts';
import { decimate } from './decimate.ts';
import { writeGlb } from './glb-writer.ts';
import { marchingCubes } from './marching-cubes.ts';
import {
  type Affine,
  flipWinding,
  linearDeterminant,
  meshArea,
  mirrors,
  type TriangleMesh,
  transformPositions,
  vertexNormals,
} from './mesh.ts';
import { DEFAULT_TAUBIN, type TaubinOptions, taubinSmooth } from './taubin-smooth.ts';

/** A label grid: one structure number per voxel, x fastest, and where its voxels lie in patient space. */
export interface LabelGrid {
  labels: Uint8Array;
  dims: Dims;
  /** Grid coordinates (voxel centres) to patient coordinates (mm), row-major 3 × 4 (or 4 × 4). */
  toPatient: Affine;
}

/** One structure to mesh: the labels it is made of (LA with its appendage, say), its name and colour. */
export interface StructureSpec {
  name: string;
  labels: readonly number[];
  color: string;
}

export interface StructureMesh {
  name: string;
  color: string;
  mesh: TriangleMesh;
  glb: Uint8Array;
  triangles: number;
  /** Voxel count times voxel volume: what the segmentation says, not what smoothing makes of it. */
  volumeMl: number;
  areaCm2: number;
}

export interface LabelMeshOptions {
  /** Per structure; a coronary-free LV and an aorta each render smoothly at this on a laptop GPU. */
  maxTrianglesPerStructure: number;
  smoothing: TaubinOptions;
  signal?: AbortSignal;
}

export const DEFAULT_LABEL_MESH: Readonly<Omit<LabelMeshOptions, 'signal'>> = Object.freeze({
  maxTrianglesPerStructure: 80_000,
  smoothing: DEFAULT_TAUBIN,
});

/**
 * One closed surface per structure of a label grid, in patient coordinates, as GLB. Each structure's
 * voxels become a 0/1 field, box-blurred once so the surface passes between inside and outside voxel
 * centres (level 0.5) instead of stair-stepping along their faces, cut to the structure's bounding box
 * (plus a margin that keeps the surface closed at the grid's edge) so a small structure costs little.
 * A structure with no voxel gets no mesh.
 */
export function meshesOfLabels(
  grid: LabelGrid,
  structures: readonly StructureSpec[],
  options: Partial<LabelMeshOptions> = {},
): StructureMesh[] {
  const o = { ...DEFAULT_LABEL_MESH, ...options };
  const voxelMl = Math.abs(linearDeterminant(grid.toPatient)) / 1000;
  const meshes: StructureMesh[] = [];
  for (const structure of structures) {
    o.signal?.throwIfAborted();
    // A 256-entry table, not a Set: it is asked once per voxel of the grid.
    const wanted = new Uint8Array(256);
    for (const label of structure.labels) wanted[label] = 1;
    const box = boundingBox(grid, wanted);
    if (!box) continue;
    const { field, dims, offset } = blurredMask(grid, wanted, box);
    let mesh = marchingCubes(field, dims, 0.5);
    if (mesh.indices.length === 0) continue;
    transformPositions(mesh.positions, shifted(grid.toPatient, offset));
    if (mirrors(grid.toPatient)) flipWinding(mesh.indices);
    mesh = decimate(mesh, o.maxTrianglesPerStructure);
    taubinSmooth(mesh, o.smoothing);
    meshes.push({
      name: structure.name,
      color: structure.color,
      mesh,
      glb: writeGlb(mesh, vertexNormals(mesh), structure.name),
      triangles: mesh.indices.length / 3,
      volumeMl: box.count * voxelMl,
      areaCm2: meshArea(mesh) / 100,
    });
  }
  return meshes;
}

interface Box {
  min: Dims;
  max: Dims;
  count: number;
}

function boundingBox({ labels, dims: [nx, ny] }: LabelGrid, wanted: Uint8Array): Box | null {
  const min: Dims = [Infinity, Infinity, Infinity];
  const max: Dims = [-1, -1, -1];
  let count = 0;
  for (let i = 0; i < labels.length; i++) {
    if (!wanted[labels[i] as number]) continue;
    count++;
    const x = i % nx;
    const y = Math.floor(i / nx) % ny;
    const z = Math.floor(i / (nx * ny));
    if (x < min[0]) min[0] = x;
    if (y < min[1]) min[1] = y;
    if (z < min[2]) min[2] = z;
    if (x > max[0]) max[0] = x;
    if (y > max[1]) max[1] = y;
    if (z > max[2]) max[2] = z;
  }
  return count === 0 ? null : { min, max, count };
}

/** Two voxels of margin: one for the blur's reach, one of pure outside so every surface closes. */
const MARGIN = 2;

/**
 * The structure's 0/1 mask over its box plus margin, averaged over 3 × 3 × 3 neighbours (separably).
 * Voxels of the margin that lie beyond the grid count as outside.
 */
function blurredMask(grid: LabelGrid, wanted: Uint8Array, box: Box) {
  const [gx, gy, gz] = grid.dims;
  const offset: Dims = [box.min[0] - MARGIN, box.min[1] - MARGIN, box.min[2] - MARGIN];
  const dims: Dims = [0, 1, 2].map((a) => (box.max[a] as number) - (box.min[a] as number) + 1 + 2 * MARGIN) as Dims;
  const [nx, ny, nz] = dims;
  let field: Float32Array = new Float32Array(nx * ny * nz);
  for (let z = 0; z < nz; z++) {
    const sz = z + offset[2];
    if (sz < 0 || sz >= gz) continue;
    for (let y = 0; y < ny; y++) {
      const sy = y + offset[1];
      if (sy < 0 || sy >= gy) continue;
      const row = (sz * gy + sy) * gx;
      for (let x = 0; x < nx; x++) {
        const sx = x + offset[0];
        if (sx >= 0 && sx < gx && wanted[grid.labels[row + sx] as number]) field[(z * ny + y) * nx + x] = 1;
      }
    }
  }
  for (const axis of [0, 1, 2] as const) field = boxBlur3(field, dims, axis);
  return { field, dims, offset };
}

/** Mean of each voxel and its two neighbours along one axis (edges: the neighbours that exist count as given, the rest as 0). */
function boxBlur3(src: Float32Array, [nx, ny, nz]: Dims, axis: 0 | 1 | 2): Float32Array {
  const out = new Float32Array(src.length);
  const stride = axis === 0 ? 1 : axis === 1 ? nx : nx * ny;
  const n = axis === 0 ? nx : axis === 1 ? ny : nz;
  for (let z = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        const i = (z * ny + y) * nx + x;
        const k = axis === 0 ? x : axis === 1 ? y : z;
        const before = k > 0 ? (src[i - stride] as number) : 0;
        const after = k < n - 1 ? (src[i + stride] as number) : 0;
        out[i] = ((src[i] as number) + before + after) / 3;
      }
    }
  }
  return out;
}

/** The affine of a sub-grid that starts at `offset` voxels of the full grid. */
function shifted(m: Affine, [ox, oy, oz]: Dims): Affine {
  const out = [...m];
  for (let r = 0; r < 3; r++) {
    out[4 * r + 3] =
      (m[4 * r + 3] as number) +
      (m[4 * r] as number) * ox +
      (m[4 * r + 1] as number) * oy +
      (m[4 * r + 2] as number) * oz;
  }
  return out;
}
