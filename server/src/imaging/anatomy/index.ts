/**
 * Automatic segmentation of the contrast-filled left heart and aorta (issue 31 §1): classical image
 * analysis, pure functions, no I/O, no learned weights; seconds per case on one core.
 *
 * Contract:
 *
 *   const result = segmentLeftHeart({ header, hu }, options?);
 *
 * - `header`: the stored volume's geometry (`dimensions`, `spacing`, `origin`, `direction`, as in
 *   `VolumeHeader`); `hu`: one HU value per voxel, x fastest, then y, then z (Int16Array or
 *   Float32Array). Axial slices are assumed for finding the aorta (a warning says when they are not).
 * - `result.labels`: Uint8Array on the same grid, one `ANATOMY_LABEL` per voxel: 1 LV cavity, 2 aortic
 *   root + LVOT (12 mm below the annulus up to the sinotubular junction, sinuses included), 3 aorta
 *   (ascending above the STJ, arch, descending), 4 LA with the pulmonary-vein ostia, 5 LAA, 8 calcium at
 *   the root; 0 everything else (bone, right heart, pulmonary artery, coronaries beyond the ostia).
 * - `result.found`: true only when a contrast-filled aortic root was found and placed; then the
 *   structures are split around it. When no contrast-filled aorta is found (`lumenHU` below
 *   `minContrastHU`, default 200, or no aorta-like lumen at all) every label is 0; when an aorta is
 *   found but its root cannot be placed, only separate aorta parts may be labelled. Either way
 *   `warnings` holds "no contrast-filled aortic root found" — never a model of bone shown as a heart.
 * - `result.structures`: name, label and volume (ml) of each label present; `warnings`: for people;
 *   `details`: lumen level and edge threshold (HU), work grid, aorta tracks, the root's annulus centre
 *   and axis (patient mm, LPS) with STJ height and annulus radius, and step timings.
 *
 * Pipeline (one file per step): work-grid.ts (block average to ~1.3 mm, light smoothing) →
 * find-aorta.ts (round bright tracks in axial slices → contrast level) → blood-pool.ts (edge half way
 * to the myocardium, cores 2 mm inside, bright cores connected to the aorta grown back, bridges split)
 * → split-structures.ts (aortic-root.ts: geodesic fronts, cross-sections, root-profile.ts fit; aorta
 * vs chambers; LV/LA watershed; laa.ts) → source-grid.ts (labels back on the input grid, calcium).
 */
export { NO_ROOT_WARNING, segmentLeftHeart } from './segment-left-heart.ts';
export {
  ANATOMY_LABEL,
  ANATOMY_LABEL_NAMES,
  type AnatomyLabel,
  type CtVolume,
  type LeftHeartSegmentation,
  type SegmentationDetails,
  type SegmentOptions,
  type StructureSummary,
  type VolumeGeometry,
} from './types.ts';
