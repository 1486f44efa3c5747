/**
 * A synthetic gated contrast CT of the thorax with exact labels and landmark truths (issue 31 §3), for
 * testing and benchmarking the automatic anatomy. Test-only: nothing the server ships imports this
 * folder (anatomy-phantom.test.ts checks it). Deterministic by seed.
 *
 *   const phantom = anatomyPhantom(7);                       // the variant of seed 7, its own grid
 *   const small = anatomyPhantom(7, { spacing: 1.2 });       // coarser grid for fast unit tests
 *
 * Volume layout: x fastest, then y, then z (index = (k·ny + j)·nx + i), axes along the patient's LPS axes,
 * `origin` the centre of voxel (0, 0, 0), slices ascending in z (feet to head).
 */

import { buildHeart } from './heart.ts';
import { anatomy } from './heart-frame.ts';
import { addNoise, gaussianBlur3d } from './image-noise.ts';
import { type Grid, rasterise } from './rasterise.ts';
import { ellipsoidLowestZ } from './shapes.ts';
import { buildThorax } from './thorax.ts';
import { type AnatomyTruth, anatomyTruth } from './truth.ts';
import { type AnatomyVariant, anatomyVariant } from './variant.ts';

export { LABEL, LABEL_NAMES } from './labels.ts';
export type { Grid } from './rasterise.ts';
export type { AnatomyTruth } from './truth.ts';
export { type AnatomyVariant, anatomyVariant } from './variant.ts';

/** Centre of the field of view in the axial plane (mm): the heart, as a cardiac scan centres it. */
const FOV_CENTRE: [number, number] = [12, -5];
const MATRIX = 256;

export interface AnatomyPhantomOptions {
  /** In-plane and slice spacing (mm); default the variant's (0.7–0.8 in-plane, 0.75–1 slices). */
  spacing?: number | [number, number, number];
  /** Largest number of slices; the slice spacing grows to fit (default 200). */
  maxSlices?: number;
  /** Leave out blur and noise (the HU of each voxel is then exactly its structure's). */
  clean?: boolean;
}

export interface AnatomyPhantom extends Grid {
  hu: Int16Array;
  labels: Uint8Array;
  truth: AnatomyTruth;
  params: AnatomyVariant;
}

export function anatomyPhantom(seedOrVariant: number | AnatomyVariant, o: AnatomyPhantomOptions = {}): AnatomyPhantom {
  const v = typeof seedOrVariant === 'number' ? anatomyVariant(seedOrVariant) : seedOrVariant;
  // Built twice: the arch is placed over the heart, whose carving in turn needs the aorta.
  const a = anatomy(v, buildHeart(anatomy(v)).top);
  const heart = buildHeart(a);
  const truth = anatomyTruth(a, heart);

  // z: from below the apex to above the arch, or (arch cut off) to a plane under the arch.
  const bottom = Math.min(ellipsoidLowestZ(heart.myocardium), ellipsoidLowestZ(heart.rv)) - 10;
  const archTop = truth.archTop[2];
  const archRadius = a.aorta.radii[a.archTopIndex]!;
  const top = v.archCutOff ? archTop - archRadius - 18 : archTop + archRadius + 10;
  const spacing: [number, number, number] =
    o.spacing === undefined
      ? [v.pixelSpacing, v.pixelSpacing, v.sliceSpacing]
      : typeof o.spacing === 'number'
        ? [o.spacing, o.spacing, o.spacing]
        : o.spacing;
  const fov = MATRIX * v.pixelSpacing;
  const nx = Math.round(fov / spacing[0]);
  const ny = Math.round(fov / spacing[1]);
  const maxSlices = o.maxSlices ?? 200;
  let nz = Math.floor((top - bottom) / spacing[2]) + 1;
  if (nz > maxSlices) {
    spacing[2] = (top - bottom) / (maxSlices - 1);
    nz = maxSlices;
  }
  const grid: Grid = {
    dims: [nx, ny, nz],
    spacing,
    origin: [FOV_CENTRE[0] - ((nx - 1) / 2) * spacing[0], FOV_CENTRE[1] - ((ny - 1) / 2) * spacing[1], bottom],
  };
  const structures = [...heart.structures, ...buildThorax(v, top)];
  const { labels, hu } = rasterise(structures, grid);
  if (!o.clean) {
    const sigma = v.blurMm;
    gaussianBlur3d(hu, grid.dims, [sigma / spacing[0], sigma / spacing[1], sigma / spacing[2]]);
  }
  const out = o.clean ? Int16Array.from(hu, Math.round) : addNoise(hu, v.noiseHU, v.seed * 7919 + 11);
  return { ...grid, hu: out, labels, truth, params: v };
}
