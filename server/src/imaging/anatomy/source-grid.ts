/**
 * Puts the work grid's labels back on the source grid. Which structure a voxel belongs to comes from
 * the work grid (grown by one work voxel, never into a voxel another lumen claimed); whether it is
 * inside the lumen at all comes from the smoothed HU interpolated at the source voxel's centre against
 * the edge threshold, so the surface lies where the edge is to a fraction of a source voxel, not on the
 * work grid's 1.3–1.6 mm steps.
 */

import type { Dims, WorkVolume } from './types.ts';
import { ANATOMY_LABEL } from './types.ts';

export interface SourceGridInput {
  sourceDims: Dims;
  work: WorkVolume;
  workLabels: Uint8Array;
  claimedByOthers: Uint8Array;
  edgeHU: number;
  /** Voxels at or above this (smoothed) HU inside or beside the root, LV or aorta are calcium. */
  calciumHU: number;
}

export function toSourceGrid(o: SourceGridInput): Uint8Array {
  const { work, sourceDims } = o;
  const grown = growByOne(o.workLabels, o.claimedByOthers, work.dims);
  const [nx, ny, nz] = sourceDims;
  const [wx, wy] = work.dims;
  const field = work.hu;
  const out = new Uint8Array(nx * ny * nz);
  const axis = (count: number, f: number, size: number) =>
    Array.from({ length: count }, (_, n) => {
      const g = Math.min(size - 1.0001, Math.max(0, (n - (f - 1) / 2) / f));
      const lo = Math.floor(g);
      return { lo, t: g - lo, cell: Math.min(size - 1, Math.floor(n / f)) };
    });
  const xs = axis(nx, work.factors[0], work.dims[0]);
  const ys = axis(ny, work.factors[1], work.dims[1]);
  const zs = axis(nz, work.factors[2], work.dims[2]);
  const sy = wx;
  const sz = wx * wy;
  const calciumOk = new Uint8Array(256);
  calciumOk[ANATOMY_LABEL.aorticRoot] = 1;
  calciumOk[ANATOMY_LABEL.lvCavity] = 1;
  calciumOk[ANATOMY_LABEL.aorta] = 1;
  let v = 0;
  for (let k = 0; k < nz; k++) {
    const z = zs[k]!;
    for (let j = 0; j < ny; j++) {
      const y = ys[j]!;
      for (let i = 0; i < nx; i++, v++) {
        const x = xs[i]!;
        const label = grown[z.cell * sz + y.cell * sy + x.cell]!;
        if (!label) continue;
        const a = z.lo * sz + y.lo * sy + x.lo;
        const b = a + sz;
        const a0 = field[a]! + (field[a + 1]! - field[a]!) * x.t;
        const a1 = field[a + sy]! + (field[a + sy + 1]! - field[a + sy]!) * x.t;
        const b0 = field[b]! + (field[b + 1]! - field[b]!) * x.t;
        const b1 = field[b + sy]! + (field[b + sy + 1]! - field[b + sy]!) * x.t;
        const lower = a0 + (a1 - a0) * y.t;
        const upper = b0 + (b1 - b0) * y.t;
        const hu = lower + (upper - lower) * z.t;
        if (hu < o.edgeHU) continue;
        out[v] = hu >= o.calciumHU && calciumOk[label] ? ANATOMY_LABEL.calcium : label;
      }
    }
  }
  return out;
}

/** Each unlabelled voxel not claimed by another lumen takes the label of a labelled 6-neighbour. */
function growByOne(labels: Uint8Array, blocked: Uint8Array, [nx, ny, nz]: Dims): Uint8Array {
  const out = Uint8Array.from(labels);
  const plane = nx * ny;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        const v = z * plane + y * nx + x;
        if (labels[v] || blocked[v]) continue;
        const l =
          (x > 0 && labels[v - 1]) ||
          (x < nx - 1 && labels[v + 1]) ||
          (y > 0 && labels[v - nx]) ||
          (y < ny - 1 && labels[v + nx]) ||
          (z > 0 && labels[v - plane]) ||
          (z < nz - 1 && labels[v + plane]) ||
          0;
        out[v] = l;
      }
  return out;
}
