/**
 * Scoring of an automatic segmentation and its landmarks against the anatomy phantom's exact labels and
 * truths (issue 31 §3): pure functions, used by `bench/anatomy/run.ts` and by tests. Test-only, like the
 * rest of this folder.
 */
export { lengthErrorMm, perimeterDerivedDiameter, planeAngleErrorDeg, pointErrorMm } from './landmark-errors.ts';
export { dice, maskedVolumeByLabelMl, maskOfLabels } from './overlap.ts';
export {
  boundaryVoxels,
  median,
  percentileOfSorted,
  type SurfaceDistances,
  squaredDistanceTo,
  surfaceDistances,
} from './surface-distance.ts';
