import type { VolumeHeader } from '@cardiomap/domain';

/** A phase whose every slice is in memory: its voxel array (columns fastest), never a GPU texture. */
export interface PhaseVolume {
  id: string;
  header: VolumeHeader;
  voxels: Int16Array;
}

/**
 * Browser memory the cine phases may take at full resolution. A gated study is often 10 phases of
 * 512 × 512 × 250–400 slices: 1.3–2 GB as Int16, more than a clinician's browser tab should hold.
 */
export const CINE_MEMORY_BUDGET_BYTES = 512 * 1024 * 1024;

/**
 * The in-plane reduction (1 = none) that brings `phases` volumes of `bytesPerPhase` each within the
 * budget: the smallest whole factor f with all of them over f² under it. Cine frames are drawn at most
 * 384 px a side from the nearest voxel, so halving a 512-voxel plane costs little of what cine shows.
 */
export function reductionFor(bytesPerPhase: number, phases: number, budget = CINE_MEMORY_BUDGET_BYTES): number {
  const total = bytesPerPhase * phases;
  let factor = 1;
  while (total / (factor * factor) > budget && factor < 16) factor++;
  return factor;
}

/**
 * The volume averaged over `factor` × `factor` voxel blocks in each slice (slices kept), with its
 * geometry moved to the blocks' centres, so that the same patient point finds the same anatomy.
 */
export function reduceInPlane(volume: PhaseVolume, factor: number): PhaseVolume {
  if (factor <= 1) return volume;
  const { header, voxels } = volume;
  const [nx, ny, nz] = header.dimensions;
  const mx = Math.ceil(nx / factor);
  const my = Math.ceil(ny / factor);
  const out = new Int16Array(mx * my * nz);
  for (let k = 0; k < nz; k++) {
    const slice = k * nx * ny;
    for (let j = 0; j < my; j++) {
      const y0 = j * factor;
      const y1 = Math.min(ny, y0 + factor);
      for (let i = 0; i < mx; i++) {
        const x0 = i * factor;
        const x1 = Math.min(nx, x0 + factor);
        let sum = 0;
        for (let y = y0; y < y1; y++) {
          const row = slice + y * nx;
          for (let x = x0; x < x1; x++) sum += voxels[row + x] as number;
        }
        out[k * mx * my + j * mx + i] = Math.round(sum / ((x1 - x0) * (y1 - y0)));
      }
    }
  }
  const [sx, sy, sz] = header.spacing;
  const d = header.direction;
  // Voxel (0, 0) of the reduced slice is the centre of the first block: (f − 1) / 2 voxels in.
  const shift = (factor - 1) / 2;
  const origin = header.origin.map(
    (value, axis) => value + (d[axis] ?? 0) * sx * shift + (d[3 + axis] ?? 0) * sy * shift,
  ) as typeof header.origin;
  return {
    id: volume.id,
    header: { ...header, dimensions: [mx, my, nz], spacing: [sx * factor, sy * factor, sz], origin },
    voxels: out,
  };
}
