// Today's automatic model, the surface job's "preliminary blood pool", run on an anatomy phantom held in
// memory: the same grid rule (`coarseVoxelMm` with the job's defaults), the same averaging
// (`downsampleVolume`) and the same part selection (`bloodPoolField` with `DEFAULT_BLOOD_POOL`), called,
// not re-implemented. Only the file reading is replaced by slices of the phantom's HU array.
import type { VolumeHeader } from '@cardiomap/domain';
import { bloodPoolField } from '../../server/src/imaging/surface/blood-pool-field.ts';
import { downsampleVolume } from '../../server/src/imaging/surface/downsample-volume.ts';
import { coarseVoxelMm, DEFAULT_SURFACE } from '../../server/src/imaging/surface/extract-surface.ts';
import type { AnatomyPhantom } from '../../server/src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';

export interface PreliminaryMask {
  /** 0/1 on the phantom's own grid. */
  mask: Uint8Array;
  coarseVoxelMm: [number, number, number];
  partsFound: number;
  partsKept: number;
  /** Averaging and part selection, the steps that decide the model's extent (ms). */
  modelMs: number;
}

/**
 * The blood-pool model of `p` as a mask on the phantom's grid. The job meshes the kept field's `level`
 * surface by marching cubes, whose surface crosses each cube edge where the field, linear along the edge,
 * meets the level; so a phantom voxel is inside when the coarse field, trilinearly interpolated at its
 * centre, is at or above the level (before the mesh's smoothing and decimation, which move it by well
 * under a coarse voxel). Null when the job would find no blood pool.
 */
export async function preliminaryBloodPoolMask(p: AnatomyPhantom): Promise<PreliminaryMask | null> {
  const header = {
    dimensions: p.dims,
    spacing: p.spacing,
    origin: p.origin,
    direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  } as Pick<VolumeHeader, 'dimensions' | 'spacing' | 'origin' | 'direction'> as VolumeHeader;
  const plane = p.dims[0] * p.dims[1];
  const started = performance.now();
  const coarse = await downsampleVolume(
    header,
    async (k) => p.hu.subarray(k * plane, (k + 1) * plane),
    coarseVoxelMm(header, DEFAULT_SURFACE),
  );
  const field = bloodPoolField(coarse.hu, coarse.dims, DEFAULT_SURFACE.bloodPool);
  const modelMs = performance.now() - started;
  if (!field) return null;
  return {
    mask: upsampleField(coarse.hu, coarse.dims, coarse.factors, p.dims, field.level),
    coarseVoxelMm: coarse.spacing,
    partsFound: field.partsFound,
    partsKept: field.partsKept,
    modelMs,
  };
}

/**
 * Fine voxel i sits at coarse grid coordinate (i − (f − 1)/2)/f + 1 along each axis (block centres, one
 * layer of padding: see `downsampleVolume`'s `gridToPatient`).
 */
function upsampleField(
  field: Int16Array,
  [cx, cy]: readonly number[],
  factors: readonly number[],
  [nx, ny, nz]: readonly number[],
  level: number,
): Uint8Array {
  const mask = new Uint8Array(nx! * ny! * nz!);
  const coarse = (n: number, axis: number) => {
    const f = factors[axis]!;
    const g = (n - (f - 1) / 2) / f + 1;
    const lo = Math.floor(g);
    return { lo, t: g - lo };
  };
  const xs = Array.from({ length: nx! }, (_, i) => coarse(i, 0));
  const ys = Array.from({ length: ny! }, (_, j) => coarse(j, 1));
  const sx = cx!;
  const sz = cx! * cy!;
  let v = 0;
  for (let k = 0; k < nz!; k++) {
    const z = coarse(k, 2);
    const tz = z.t;
    for (let j = 0; j < ny!; j++) {
      const { lo: yLo, t: ty } = ys[j]!;
      for (let i = 0; i < nx!; i++, v++) {
        const { lo: xLo, t: tx } = xs[i]!;
        // Trilinear, written out: this runs for every one of ~13 million phantom voxels.
        const a = z.lo * sz + yLo * sx + xLo;
        const b = a + sz;
        const a0 = field[a]! + (field[a + 1]! - field[a]!) * tx;
        const a1 = field[a + sx]! + (field[a + sx + 1]! - field[a + sx]!) * tx;
        const b0 = field[b]! + (field[b + 1]! - field[b]!) * tx;
        const b1 = field[b + sx]! + (field[b + sx + 1]! - field[b + sx]!) * tx;
        const lower = a0 + (a1 - a0) * ty;
        const upper = b0 + (b1 - b0) * ty;
        mask[v] = lower + (upper - lower) * tz >= level ? 1 : 0;
      }
    }
  }
  return mask;
}
