import { type AnatomyPhantom, anatomyPhantom } from '../../../src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';
import { createVolumeWriter } from '../../../src/imaging/volume/volume-file.ts';
import { layoutOf } from './shapes-volume.ts';

/** Seeds whose variants the job tests rely on: an ordinary gated TAVI-like heart, the arch in the field. */
export const ORDINARY_SEED = 1;

/**
 * The anatomy phantom of `seed` on a 1 mm grid (small enough for a job test, fine enough for the
 * segmentation) written as a stored volume, as ingest would have left it.
 */
export async function writePhantomVolume(path: string, seed = ORDINARY_SEED): Promise<AnatomyPhantom> {
  const phantom = anatomyPhantom(seed, { spacing: 1 });
  const [nx, ny, nz] = phantom.dims;
  const writer = await createVolumeWriter(path, layoutOf(phantom.dims, phantom.spacing, phantom.origin));
  for (let k = 0; k < nz; k++) await writer.append(phantom.hu.subarray(k * nx * ny, (k + 1) * nx * ny));
  await writer.finish();
  return phantom;
}
