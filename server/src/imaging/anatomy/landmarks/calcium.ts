/**
 * Annulus and leaflet calcium: the calcium label's volume in a slab round the annulus (5 mm below it
 * to 10 mm above, where the leaflets and their attachments are) within 6 mm outside the annulus' largest
 * radius. Mitral-annulus or aortic-wall calcium farther away is left out on purpose.
 */
import { dot, sub } from '../../volume/vector.ts';
import { ANATOMY_LABEL as L } from './labels.ts';
import type { PlaneFrame } from './plane-frame.ts';
import { type LabelledVolume, voxelSpace } from './volume.ts';

export const CALCIUM_BELOW = 5;
export const CALCIUM_ABOVE = 10;

export function annulusCalcium(
  v: LabelledVolume,
  annulus: PlaneFrame,
  maxRadius: number,
): { volumeMm3: number; voxels: number } {
  const space = voxelSpace(v);
  const [nx, ny, nz] = v.dims;
  const reach = maxRadius + 6;
  let voxels = 0;
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (v.labels[(k * ny + j) * nx + i] !== L.calcium) continue;
        const r = sub(space.toPatient(i, j, k), annulus.centre);
        const h = dot(r, annulus.normal);
        if (h < -CALCIUM_BELOW || h > CALCIUM_ABOVE) continue;
        if (Math.hypot(dot(r, annulus.u), dot(r, annulus.v)) > reach) continue;
        voxels++;
      }
  return { volumeMm3: voxels * space.voxelVolume, voxels };
}
