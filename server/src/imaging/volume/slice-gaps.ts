/**
 * The gap rule (issue 15 §2): a series whose largest distance between neighbouring slices exceeds twice
 * its typical (median) spacing, and 3 mm, would have its missing anatomy invented by interpolation. Such
 * a series is invalid input unless staff acknowledge the gap when they process it again.
 */

/** The largest gap may be this many typical spacings … */
export const GAP_TYPICAL_FACTOR = 2;
/** … and must exceed this many mm, so a thin series missing one slice (0.6 → 1.2 mm) stays usable. */
export const GAP_MIN_MM = 3;

export interface SliceGap {
  /** 1-based numbers, along the slice normal, of the slices on either side of the gap. */
  slices: [number, number];
  /** The patient axis closest to the slice normal, whose coordinate `positionsMm` gives. */
  axis: 'x' | 'y' | 'z';
  positionsMm: [number, number];
  sizeMm: number;
  /** Median distance between neighbouring slices. */
  typicalMm: number;
  /** Slices in the series (distinct positions). */
  sliceCount: number;
  /** Other gaps above the limit, besides this one. */
  moreGaps: number;
}

export const gapLimitMm = (typicalMm: number) => Math.max(GAP_TYPICAL_FACTOR * typicalMm, GAP_MIN_MM);

export const isTooLarge = (gap: SliceGap) => gap.sizeMm > gapLimitMm(gap.typicalMm);

/**
 * The largest gap of a stack: `along` are the slice positions along the normal (ascending), `positions`
 * the same slices' patient positions, `normal` the slice normal.
 */
export function largestGap(
  along: readonly number[],
  positions: ReadonlyArray<readonly [number, number, number]>,
  normal: readonly [number, number, number],
): SliceGap | null {
  if (along.length < 2) return null;
  const spacings = along.slice(1).map((d, k) => d - (along[k] as number));
  const typicalMm = median(spacings);
  let widest = 0;
  spacings.forEach((s, k) => {
    if (s > (spacings[widest] as number)) widest = k;
  });
  const main = [0, 1, 2].reduce((best, a) =>
    Math.abs(normal[a] as number) > Math.abs(normal[best] as number) ? a : best,
  );
  const coordinate = (k: number) => (positions[k] as readonly number[])[main] as number;
  const limit = gapLimitMm(typicalMm);
  return {
    slices: [widest + 1, widest + 2],
    axis: (['x', 'y', 'z'] as const)[main] as 'x' | 'y' | 'z',
    positionsMm: [coordinate(widest), coordinate(widest + 1)],
    sizeMm: spacings[widest] as number,
    typicalMm,
    sliceCount: along.length,
    moreGaps: Math.max(0, spacings.filter((s) => s > limit).length - 1),
  };
}

const mm = (x: number) => `${Number(x.toFixed(1))} mm`;

/** "a gap of 54 mm between slice 4 (z = -120 mm) and slice 5 (z = -66 mm); its slices are otherwise 3 mm apart" */
export function describeGap(gap: SliceGap): string {
  const [a, b] = gap.slices;
  const [pa, pb] = gap.positionsMm;
  const more = gap.moreGaps > 0 ? ` (and ${gap.moreGaps} more gap${gap.moreGaps > 1 ? 's' : ''} above the limit)` : '';
  return (
    `a gap of ${mm(gap.sizeMm)} between slice ${a} (${gap.axis} = ${mm(pa)}) and slice ${b} ` +
    `(${gap.axis} = ${mm(pb)}) of ${gap.sliceCount}${more}; its slices are otherwise ${mm(gap.typicalMm)} apart`
  );
}

/** The invalid-input reason a clinician reads: where the gap is, why it matters, what to upload instead. */
export function gapReason(gap: SliceGap): string {
  return (
    `The series to analyse has ${describeGap(gap)}. The anatomy in the gap would be invented by ` +
    `interpolation, so the images cannot be used for planning. Upload a contiguous series without missing ` +
    `slices (the complete reconstruction as the scanner exported it, every slice of the same series).`
  );
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
