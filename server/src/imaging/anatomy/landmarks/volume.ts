/**
 * The labelled volume the proposals read, and sampling it in patient space (LPS, mm). Voxel (i, j, k)
 * lies at origin + i·sx·row + j·sy·column + k·sz·normal, as the ingest's volume geometry says; x runs
 * fastest in the arrays. The label volume and the HU volume share this grid.
 */
import type { Vec3 } from '../../types.ts';

export interface LabelledVolume {
  /** Voxels along x (columns), y (rows), z (slices). */
  dims: [number, number, number];
  spacing: Vec3;
  /** Patient position (mm) of voxel (0, 0, 0)'s centre. */
  origin: Vec3;
  /** Row direction, column direction, slice normal (9 numbers); absent: the patient axes. */
  direction?: readonly number[];
  labels: Uint8Array;
  /** HU, same grid; only the coronary ostia need it (the label volume has no coronaries). */
  hu?: Int16Array | Float32Array;
}

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Patient ↔ voxel transforms of a volume (axes are orthonormal, so the inverse is the transpose). */
export interface VoxelSpace {
  toPatient(i: number, j: number, k: number): Vec3;
  /** Continuous voxel index of a patient point. */
  toIndex(p: Vec3): Vec3;
  voxelVolume: number;
}

export function voxelSpace(v: Pick<LabelledVolume, 'spacing' | 'origin' | 'direction'>): VoxelSpace {
  const d = v.direction ?? IDENTITY;
  const [sx, sy, sz] = v.spacing;
  const [ox, oy, oz] = v.origin;
  return {
    toPatient: (i, j, k) => [
      ox + d[0]! * i * sx + d[3]! * j * sy + d[6]! * k * sz,
      oy + d[1]! * i * sx + d[4]! * j * sy + d[7]! * k * sz,
      oz + d[2]! * i * sx + d[5]! * j * sy + d[8]! * k * sz,
    ],
    toIndex: (p) => {
      const x = p[0] - ox;
      const y = p[1] - oy;
      const z = p[2] - oz;
      return [
        (d[0]! * x + d[1]! * y + d[2]! * z) / sx,
        (d[3]! * x + d[4]! * y + d[5]! * z) / sy,
        (d[6]! * x + d[7]! * y + d[8]! * z) / sz,
      ];
    },
    voxelVolume: sx * sy * sz,
  };
}

/**
 * The membership of a label set at a patient point, trilinearly interpolated from the voxel centres
 * (0 outside the volume). Its 0.5 level is a sub-voxel boundary: unbiased on a flat wall, which is
 * what keeps perimeters and diameters from carrying the voxel staircase.
 */
export function membership(v: LabelledVolume, inSet: Uint8Array): (p: Vec3) => number {
  const { labels } = v;
  return trilinear(v, (index) => inSet[labels[index]!]!, 0);
}

/**
 * A voxel value at a patient point, trilinearly interpolated from the voxel centres; `outside` for the
 * neighbours beyond the grid. `value` reads voxel `index` (x fastest).
 */
export function trilinear(
  v: Pick<LabelledVolume, 'dims' | 'spacing' | 'origin' | 'direction'>,
  value: (index: number) => number,
  outside: number,
): (p: Vec3) => number {
  const space = voxelSpace(v);
  const [nx, ny, nz] = v.dims;
  const at = (i: number, j: number, k: number) =>
    i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz ? outside : value((k * ny + j) * nx + i);
  return (p) => {
    const [x, y, z] = space.toIndex(p);
    const i = Math.floor(x);
    const j = Math.floor(y);
    const k = Math.floor(z);
    const fx = x - i;
    const fy = y - j;
    const fz = z - k;
    const c00 = at(i, j, k) * (1 - fx) + at(i + 1, j, k) * fx;
    const c10 = at(i, j + 1, k) * (1 - fx) + at(i + 1, j + 1, k) * fx;
    const c01 = at(i, j, k + 1) * (1 - fx) + at(i + 1, j, k + 1) * fx;
    const c11 = at(i, j + 1, k + 1) * (1 - fx) + at(i + 1, j + 1, k + 1) * fx;
    return (c00 * (1 - fy) + c10 * fy) * (1 - fz) + (c01 * (1 - fy) + c11 * fy) * fz;
  };
}

/** The label of the voxel nearest a patient point (0 outside). */
export function nearestLabel(v: LabelledVolume): (p: Vec3) => number {
  const space = voxelSpace(v);
  const [nx, ny, nz] = v.dims;
  return (p) => {
    const [x, y, z] = space.toIndex(p).map(Math.round) as Vec3;
    if (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) return 0;
    return v.labels[(z * ny + y) * nx + x]!;
  };
}

/** A 256-entry lookup of which labels are in a set. */
export function labelSet(labels: readonly number[]): Uint8Array {
  const set = new Uint8Array(256);
  for (const l of labels) set[l] = 1;
  return set;
}

/** Patient positions of every voxel holding one of `labels` (flat x, y, z triples). */
export function voxelsOf(v: LabelledVolume, labels: readonly number[]): Float64Array {
  const set = labelSet(labels);
  const space = voxelSpace(v);
  const [nx, ny, nz] = v.dims;
  let count = 0;
  for (const l of v.labels) count += set[l]!;
  const out = new Float64Array(count * 3);
  let n = 0;
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!set[v.labels[(k * ny + j) * nx + i]!]) continue;
        const p = space.toPatient(i, j, k);
        out[n++] = p[0];
        out[n++] = p[1];
        out[n++] = p[2];
      }
  return out;
}
