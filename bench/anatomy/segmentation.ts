// The automatic left-heart segmentation (server/src/imaging/anatomy/) run on an anatomy phantom held in
// memory, as the job will run it on a stored volume: HU samples plus the volume header's geometry.
import { ANATOMY_LABEL, type LeftHeartSegmentation, segmentLeftHeart } from '../../server/src/imaging/anatomy/index.ts';
import type { AnatomyPhantom } from '../../server/src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';

export interface SegmentationRun {
  result: LeftHeartSegmentation;
  /** Mask of the left heart and aorta (labels 1–5) on the phantom's grid. */
  union: Uint8Array;
  modelMs: number;
}

export function runSegmentation(p: AnatomyPhantom): SegmentationRun {
  const started = performance.now();
  const result = segmentLeftHeart({
    header: { dimensions: p.dims, spacing: p.spacing, origin: p.origin, direction: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
    hu: p.hu,
  });
  const modelMs = performance.now() - started;
  const union = new Uint8Array(result.labels.length);
  for (let v = 0; v < union.length; v++) {
    const l = result.labels[v]!;
    union[v] = l >= ANATOMY_LABEL.lvCavity && l <= ANATOMY_LABEL.laa ? 1 : 0;
  }
  return { result, union, modelMs };
}
