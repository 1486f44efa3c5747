import type { FrameGeometry, Vec3 } from '../types.ts';
import { largestGap, type SliceGap } from './slice-gaps.ts';
import { add, dot, orthonormalAxes, scale, sub } from './vector.ts';

/** One source frame: where it lies, and its size. `index` in the caller's list is its identity. */
export interface SliceInput {
  geometry: FrameGeometry;
  rows: number;
  columns: number;
}

/**
 * How to build an output slice: a weighted sum of source slices, each sampled at
 * (column + offset[0], row + offset[1]) in its own pixel grid. One source with weight 1 and no offset
 * is a plain copy.
 */
export interface SliceSource {
  source: number;
  weight: number;
  offset: [number, number];
}

export interface VolumeGeometry {
  /** [columns, rows, slices] */
  dimensions: [number, number, number];
  /** [along rows (between columns), along columns (between rows), between slices] in mm */
  spacing: Vec3;
  /** Patient position of voxel (0, 0, 0) in mm. */
  origin: Vec3;
  /** The volume axes in patient space: row direction, column direction, slice normal (9 numbers). */
  direction: [number, number, number, number, number, number, number, number, number];
  /** Source indices kept, in volume order (along the normal). */
  order: number[];
  /** Source indices dropped because another slice lies at the same position. */
  duplicates: number[];
  /** For each of `duplicates`, the kept source at its position. */
  duplicateOf: number[];
  /** Measured distances between consecutive kept slices (mm). */
  sliceSpacings: number[];
  /** Spec §9: 1 when consecutive spacings differ by more than 0.3 mm, else 0. */
  interpolationType: 0 | 1;
  /** Number of spacings above 1.5 × the median spacing. */
  gaps: number;
  /** The largest distance between neighbouring slices, with where it lies (see slice-gaps.ts). */
  largestGap: SliceGap | null;
  /** Output slices blended from two source slices (0-based, volume order): no image was acquired there. */
  interpolatedSlices: number[];
  /** Slices did not lie on a uniform grid and were interpolated onto one. */
  resampledAlongNormal: boolean;
  /** Sideways displacement of the slices, as an angle from the normal (gantry tilt), in degrees. */
  tiltDegrees: number;
  /** Slices were shifted in-plane onto an orthogonal grid. */
  shiftedInPlane: boolean;
  slices: SliceSource[][];
  warnings: string[];
}

export type GeometryResult = { ok: true; geometry: VolumeGeometry } | { ok: false; reason: string };

/** Two slices closer than this along the normal are the same position. */
export const DUPLICATE_TOLERANCE_MM = 0.01;
/** A slice this far (or 2% of the spacing, if larger) from a uniform grid forces resampling. */
export const GRID_TOLERANCE_MM = 0.01;
/** In-plane displacement below this (in pixels) is rounding noise, not tilt. */
const SHIFT_TOLERANCE_PX = 0.01;
/**
 * Direction cosines may differ this much and still be one orientation (writers round them); twice the
 * grouping tolerance, so every stack `groupSeries` forms passes here.
 */
export const ORIENTATION_TOLERANCE = 2e-3;
const GAP_FACTOR = 1.5;
/** Interpolation may fill gaps, but never invent more slices than there are real ones. */
const MAX_FILL_FACTOR = 2;
/** Spec §9. */
const INTERPOLATION_THRESHOLD_MM = 0.3;

/**
 * Plans a volume from frame geometry alone (no pixels). Slices are ordered by their position along
 * the slice normal; duplicates are dropped; an uneven or gapped stack is interpolated onto a uniform
 * grid; a tilted stack (positions displaced sideways, as with gantry tilt) is shifted in-plane per slice
 * so the volume axes stay orthogonal, which every MPR viewer assumes.
 */
export function planVolume(inputs: readonly SliceInput[]): GeometryResult {
  const mixed = findMixture(inputs);
  if (mixed) return { ok: false, reason: mixed };
  const first = inputs[0] as SliceInput;
  const { row, column, normal } = orthonormalAxes(first.geometry.orientation);
  const [rowSpacing, columnSpacing] = first.geometry.pixelSpacing;

  const sorted = inputs
    .map((input, index) => ({ index, along: dot(input.geometry.position, normal) }))
    .sort((a, b) => a.along - b.along || a.index - b.index);
  const kept: typeof sorted = [];
  const duplicates: number[] = [];
  const duplicateOf: number[] = [];
  for (const slice of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && slice.along - previous.along < DUPLICATE_TOLERANCE_MM) {
      duplicates.push(slice.index);
      duplicateOf.push(previous.index);
    } else kept.push(slice);
  }
  if (kept.length < 2) return { ok: false, reason: 'all slices lie at the same position: there is no volume' };

  const along = kept.map((s) => s.along);
  const sliceSpacings = along.slice(1).map((d, k) => d - (along[k] as number));
  const extent = (along[along.length - 1] as number) - (along[0] as number);
  const median = medianOf(sliceSpacings);
  const gaps = sliceSpacings.filter((s) => s > GAP_FACTOR * median).length;
  const interpolationType =
    Math.max(...sliceSpacings) - Math.min(...sliceSpacings) > INTERPOLATION_THRESHOLD_MM ? 1 : 0;

  const mean = extent / (kept.length - 1);
  const gridTolerance = Math.max(GRID_TOLERANCE_MM, 0.02 * mean);
  const uniform = along.every((d, k) => Math.abs(d - (along[0] as number) - k * mean) <= gridTolerance);
  const count = uniform ? kept.length : Math.round(extent / median) + 1;
  if (count > MAX_FILL_FACTOR * kept.length) {
    return {
      ok: false,
      reason: `the slices leave gaps too large to fill (${kept.length} slices over ${Math.round(extent)} mm, usually ${Math.round(median * 100) / 100} mm apart)`,
    };
  }
  const sliceSpacing = extent / (count - 1);

  const p0 = inputs[kept[0]?.index as number]?.geometry.position as Vec3;
  const inPlane = kept.map((s) => {
    const d = sub(inputs[s.index]?.geometry.position as Vec3, p0);
    return [dot(d, row), dot(d, column)] as const;
  });
  const meanU = inPlane.reduce((a, [u]) => a + u, 0) / inPlane.length;
  const meanV = inPlane.reduce((a, [, v]) => a + v, 0) / inPlane.length;
  // `+ 0` turns -0 into 0, so an unshifted slice reads as [0, 0].
  const offsets = inPlane.map(
    ([u, v]) => [(meanU - u) / columnSpacing + 0, (meanV - v) / rowSpacing + 0] as [number, number],
  );
  const shiftedInPlane = offsets.some(([x, y]) => Math.abs(x) > SHIFT_TOLERANCE_PX || Math.abs(y) > SHIFT_TOLERANCE_PX);
  const last = inPlane[inPlane.length - 1] as readonly [number, number];
  const tiltDegrees = (Math.atan2(Math.hypot(last[0], last[1]), extent) * 180) / Math.PI;

  const sourceOf = (k: number, weight: number): SliceSource => ({
    source: kept[k]?.index as number,
    weight,
    offset: shiftedInPlane ? (offsets[k] as [number, number]) : [0, 0],
  });
  const slices = uniform
    ? kept.map((_, k) => [sourceOf(k, 1)])
    : Array.from({ length: count }, (_, k) => interpolate(along, (along[0] as number) + k * sliceSpacing, sourceOf));
  const interpolatedSlices = slices.flatMap((sources, k) => (sources.length > 1 ? [k] : []));
  const gap = largestGap(
    along,
    kept.map((s) => inputs[s.index]?.geometry.position as Vec3),
    normal,
  );

  const origin = shiftedInPlane ? add(p0, add(scale(row, meanU), scale(column, meanV))) : p0;
  return {
    ok: true,
    geometry: {
      dimensions: [first.columns, first.rows, count],
      spacing: [columnSpacing, rowSpacing, sliceSpacing],
      origin,
      direction: [...row, ...column, ...normal],
      order: kept.map((s) => s.index),
      duplicates,
      duplicateOf,
      sliceSpacings,
      interpolationType,
      gaps,
      largestGap: gap,
      interpolatedSlices,
      resampledAlongNormal: !uniform,
      tiltDegrees,
      shiftedInPlane,
      slices,
      warnings: describe({ gaps, uniform, median, count, interpolatedSlices, shiftedInPlane, tiltDegrees }),
    },
  };
}

function findMixture(inputs: readonly SliceInput[]): string | undefined {
  const first = inputs[0];
  if (!first || inputs.length < 2) return 'a volume needs at least two slices';
  for (const input of inputs) {
    if (input.rows !== first.rows || input.columns !== first.columns) {
      return `the slices have different sizes (${first.columns}×${first.rows} and ${input.columns}×${input.rows})`;
    }
    const o = input.geometry.orientation;
    if (o.some((x, i) => Math.abs(x - (first.geometry.orientation[i] as number)) > ORIENTATION_TOLERANCE)) {
      return 'the slices have different orientations';
    }
    const ps = input.geometry.pixelSpacing;
    if (ps.some((x, i) => Math.abs(x - (first.geometry.pixelSpacing[i] as number)) > 1e-4 * x)) {
      return 'the slices have different pixel spacings';
    }
  }
  const [r, c] = first.geometry.pixelSpacing;
  if (!(r > 0 && c > 0)) return 'the pixel spacing is missing or not positive';
  return undefined;
}

/** Linear interpolation between the two kept slices around `target` (exact hits use one slice). */
function interpolate(
  along: number[],
  target: number,
  sourceOf: (k: number, weight: number) => SliceSource,
): SliceSource[] {
  let k = 0;
  while (k < along.length - 2 && (along[k + 1] as number) < target) k++;
  const lo = along[k] as number;
  const hi = along[k + 1] as number;
  const w = Math.min(1, Math.max(0, (target - lo) / (hi - lo)));
  if (w < 1e-6) return [sourceOf(k, 1)];
  if (w > 1 - 1e-6) return [sourceOf(k + 1, 1)];
  return [sourceOf(k, 1 - w), sourceOf(k + 1, w)];
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * What was noticed, in words for the case and the job report. Repeated positions are the caller's to
 * tell: it knows the files' names.
 */
function describe(f: {
  gaps: number;
  uniform: boolean;
  median: number;
  count: number;
  interpolatedSlices: number[];
  shiftedInPlane: boolean;
  tiltDegrees: number;
}): string[] {
  const warnings: string[] = [];
  const mm = (x: number) => `${Math.round(x * 1000) / 1000} mm`;
  if (f.gaps > 0) warnings.push(`${f.gaps} gap(s) in the slice positions`);
  if (!f.uniform) {
    warnings.push(`uneven slice spacing: interpolated onto ${f.count} slices every ${mm(f.median)} or so`);
  }
  if (f.interpolatedSlices.length > 0) {
    warnings.push(
      `${f.interpolatedSlices.length} of ${f.count} volume slices are interpolated between acquired slices ` +
        `(no image was acquired there): ${sliceRanges(f.interpolatedSlices)}`,
    );
  }
  if (f.shiftedInPlane) {
    warnings.push(
      `slices are displaced sideways (gantry tilt ${Math.round(f.tiltDegrees * 10) / 10}°): each was shifted in-plane onto an orthogonal grid`,
    );
  }
  return warnings;
}

/** Volume slice indices as 1-based numbers and ranges, e.g. "slices 3–5, 9", at most 20 ranges. */
export function sliceRanges(indices: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < indices.length; ) {
    let j = i;
    while (j + 1 < indices.length && (indices[j + 1] as number) === (indices[j] as number) + 1) j++;
    const a = (indices[i] as number) + 1;
    const b = (indices[j] as number) + 1;
    ranges.push(a === b ? `${a}` : `${a}–${b}`);
    i = j + 1;
  }
  const shown = ranges.length > 20 ? [...ranges.slice(0, 20), '…'] : ranges;
  return `${indices.length === 1 ? 'slice' : 'slices'} ${shown.join(', ')}`;
}
