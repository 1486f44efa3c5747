/**
 * The pipeline, step by step: work grid → aorta and contrast level → left-heart blood pool → structures
 * → labels on the source grid. Each step is its own file; this one only sequences them, times them and
 * turns "not found" into a warning instead of a wrong model.
 */
import { calciumThreshold, leftHeartPool } from './blood-pool.ts';
import { findAorta } from './find-aorta.ts';
import { toSourceGrid } from './source-grid.ts';
import { splitStructures } from './split-structures.ts';
import {
  ANATOMY_LABEL,
  ANATOMY_LABEL_NAMES,
  type AnatomyLabel,
  type CtVolume,
  type Dims,
  type LeftHeartSegmentation,
  type SegmentationDetails,
  type SegmentOptions,
  type StructureSummary,
} from './types.ts';
import { workVolume } from './work-grid.ts';

export const NO_ROOT_WARNING = 'no contrast-filled aortic root found';

export function segmentLeftHeart(volume: CtVolume, options: SegmentOptions = {}): LeftHeartSegmentation {
  const timings: Record<string, number> = {};
  let last = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - last);
    last = now;
  };
  const dims = volume.header.dimensions as Dims;
  const warnings: string[] = [];
  const work = workVolume(volume, options.workSpacingMm ?? 1.3);
  lap('workGrid');
  const details: SegmentationDetails = {
    lumenHU: null,
    edgeHU: null,
    workSpacingMm: work.spacing,
    aortaTracks: 0,
    root: null,
    timingsMs: timings,
  };
  const nothing = (why: string[]): LeftHeartSegmentation => ({
    labels: new Uint8Array(dims[0] * dims[1] * dims[2]),
    grid: volume.header,
    found: false,
    structures: [],
    warnings: [...warnings, ...why],
    details,
  });
  if (!axialSlices(volume)) warnings.push('the slices are not axial: the aorta search assumes axial slices');

  const aorta = findAorta(work, options.minContrastHU ?? 200);
  lap('findAorta');
  if (!aorta) return nothing([`${NO_ROOT_WARNING}: no bright round lumen runs through the slices like an aorta`]);
  details.lumenHU = Math.round(aorta.level);
  details.aortaTracks = aorta.tracks.length;
  const [nx, ny] = work.dims;
  const seeds = aorta.tracks.flatMap((t) => t.circles.map((c) => (c.k * ny + c.y) * nx + c.x));
  const pool = leftHeartPool(work, aorta.level, seeds);
  details.edgeHU = Math.round(pool.edgeHU);
  lap('bloodPool');

  const split = splitStructures(work, pool, aorta);
  lap('structures');
  warnings.push(...split.warnings);
  details.root = split.root && {
    ...split.root,
    centre: toPatient(volume, work.factors, split.root.centre),
    axis: toPatientDirection(volume, split.root.axis),
  };
  const labels = toSourceGrid({
    sourceDims: dims,
    work,
    workLabels: split.labels,
    claimedByOthers: pool.claimedByOthers,
    edgeHU: pool.edgeHU,
    calciumHU: calciumThreshold(aorta.level),
  });
  lap('sourceGrid');

  const structures = summarise(labels, volume.header.spacing);
  const found = split.root !== null;
  if (!found) warnings.push(NO_ROOT_WARNING);
  return { labels, grid: volume.header, found, structures, warnings, details };
}

function summarise(labels: Uint8Array, spacing: readonly number[]): StructureSummary[] {
  const counts = new Float64Array(256);
  for (let v = 0; v < labels.length; v++) counts[labels[v]!]!++;
  const voxelMl = (spacing[0]! * spacing[1]! * spacing[2]!) / 1000;
  return Object.values(ANATOMY_LABEL)
    .filter((label) => label !== ANATOMY_LABEL.background && counts[label]! > 0)
    .map((label) => ({
      name: ANATOMY_LABEL_NAMES[label as AnatomyLabel],
      label: label as AnatomyLabel,
      volumeMl: Math.round(counts[label]! * voxelMl * 10) / 10,
    }));
}

/** True when the slice normal runs along the patient's head–foot axis (within ~35°). */
function axialSlices(volume: CtVolume): boolean {
  const d = volume.header.direction;
  return Math.abs(d[8] ?? 1) >= 0.8;
}

/** Work-grid mm (from work voxel (0,0,0)) → patient mm (LPS), through the header's origin and direction. */
function toPatient(volume: CtVolume, factors: readonly number[], p: readonly number[]): [number, number, number] {
  const { origin, spacing } = volume.header;
  const local = [0, 1, 2].map((a) => p[a]! + ((factors[a]! - 1) / 2) * spacing[a]!);
  const d = toPatientDirection(volume, local as [number, number, number]);
  return [origin[0]! + d[0], origin[1]! + d[1], origin[2]! + d[2]];
}

function toPatientDirection(volume: CtVolume, p: readonly number[]): [number, number, number] {
  const d = volume.header.direction;
  return [0, 1, 2].map((r) => d[r]! * p[0]! + d[3 + r]! * p[1]! + d[6 + r]! * p[2]!) as [number, number, number];
}
