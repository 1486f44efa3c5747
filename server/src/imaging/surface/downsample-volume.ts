import type { VolumeHeader } from '@cardiomap/domain';
import type { Dims } from './connected-components.ts';
import type { Affine } from './mesh.ts';

/** HU of the layer of background laid around the grid, so a part cut by the scan's edge gets a cap. */
const PAD_HU = -1024;
/** Slices inflating ahead of the one being summed. */
const READ_AHEAD = 4;

export interface CoarseVolume {
  /** HU, block means, with one background voxel of padding on every side. */
  hu: Int16Array;
  dims: Dims;
  /** Source voxels per coarse voxel along each axis. */
  factors: Dims;
  /** Coarse voxel size (mm). */
  spacing: [number, number, number];
  /** Grid coordinates (padding included) to patient coordinates (mm). */
  toPatient: Affine;
}

/** Source voxels merged along each axis so a coarse voxel is about `targetMm` (never finer than the source). */
export function blockFactors(spacing: readonly number[], targetMm: number): Dims {
  return spacing.map((s) => Math.max(1, Math.round(targetMm / s))) as Dims;
}

/**
 * Reads the volume slice by slice into a grid of block means (a box filter, which also evens out CT
 * noise before thresholding). Memory: the coarse grid plus a few inflated slices, whatever the source
 * size. A block at the far edge that the source does not fill is the mean of the voxels it has.
 */
export async function downsampleVolume(
  header: VolumeHeader,
  slice: (k: number) => Promise<Int16Array>,
  targetMm: number,
  signal?: AbortSignal,
): Promise<CoarseVolume> {
  const [sx, sy, sz] = header.dimensions;
  const factors = blockFactors(header.spacing, targetMm);
  const [fx, fy, fz] = factors;
  const [cx, cy, cz] = [Math.ceil(sx / fx), Math.ceil(sy / fy), Math.ceil(sz / fz)];
  const dims: Dims = [cx + 2, cy + 2, cz + 2];
  const plane = dims[0] * dims[1];
  const hu = new Int16Array(plane * dims[2]).fill(PAD_HU);
  const sums = new Float64Array(cx * cy);
  // The coarse row each source row falls in, and how many source voxels each cell gets.
  const cellOfRow = Int32Array.from({ length: sy }, (_, j) => Math.floor(j / fy));
  const perCell = Float64Array.from({ length: cx * cy }, (_, c) => {
    const i = c % cx;
    const j = (c - i) / cx;
    return Math.min(fx, sx - i * fx) * Math.min(fy, sy - j * fy);
  });

  const pending: Promise<Int16Array>[] = [];
  for (let k = 0; k < Math.min(READ_AHEAD, sz); k++) pending.push(slice(k));
  for (let k = 0; k < sz; k++) {
    signal?.throwIfAborted();
    const source = await (pending.shift() as Promise<Int16Array>);
    if (k + READ_AHEAD < sz) pending.push(slice(k + READ_AHEAD));
    for (let j = 0; j < sy; j++) {
      let at = j * sx;
      const rowEnd = at + sx;
      let cell = cellOfRow[j]! * cx;
      for (; at < rowEnd; cell++) {
        let sum = 0;
        for (const blockEnd = Math.min(at + fx, rowEnd); at < blockEnd; at++) sum += source[at]!;
        sums[cell]! += sum;
      }
    }
    const lastOfBlock = (k + 1) % fz === 0 || k === sz - 1;
    if (!lastOfBlock) continue;
    const ck = Math.floor(k / fz);
    const slicesInBlock = k - ck * fz + 1;
    const out = (ck + 1) * plane;
    for (let j = 0; j < cy; j++) {
      for (let i = 0; i < cx; i++) {
        const c = j * cx + i;
        hu[out + (j + 1) * dims[0] + i + 1] = Math.round(sums[c]! / (perCell[c]! * slicesInBlock));
      }
    }
    sums.fill(0);
  }

  const spacing = header.spacing.map((s, a) => s * factors[a]!) as [number, number, number];
  return { hu, dims, factors, spacing, toPatient: gridToPatient(header, factors) };
}

/**
 * Coarse grid point g (padding included) is the centre of its block: source index (g − 1)·f + (f − 1)/2
 * along each axis, placed by the header's origin, spacing and direction.
 */
function gridToPatient(header: VolumeHeader, factors: Dims): Affine {
  const { origin, spacing, direction } = header;
  const m: number[] = [];
  for (let r = 0; r < 3; r++) {
    let offset = origin[r]!;
    const row: number[] = [];
    for (let a = 0; a < 3; a++) {
      const axis = direction[3 * a + r]! * spacing[a]!;
      row.push(axis * factors[a]!);
      offset += axis * ((factors[a]! - 1) / 2 - factors[a]!);
    }
    m.push(...row, offset);
  }
  return m;
}
