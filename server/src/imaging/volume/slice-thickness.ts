import type { SeriesCandidate } from './series.ts';

/**
 * Structural-heart planning measures leaflets, calcium and small ostia: a reconstruction thicker, or
 * slices further apart, than this is accepted with a planning-quality warning (issue 15 §2).
 */
export const PLANNING_MAX_SLICE_MM = 1.25;

const mm = (x: number) => `${Number(x.toFixed(2))} mm`;

/** The warning for a thick-slice series, or null when its slices are thin and close enough. */
export function thickSliceWarning(series: Pick<SeriesCandidate, 'sliceThickness' | 'spacing'>): string | null {
  const thickness = series.sliceThickness;
  const apart = series.spacing?.[2] ?? null;
  const facts: string[] = [];
  if (thickness !== null && thickness > PLANNING_MAX_SLICE_MM) facts.push(`${mm(thickness)} thick`);
  if (apart !== null && apart > PLANNING_MAX_SLICE_MM) facts.push(`${mm(apart)} apart`);
  if (facts.length === 0) return null;
  return (
    `Planning quality: the slices are ${facts.join(' and ')}, above the ${mm(PLANNING_MAX_SLICE_MM)} planning ` +
    'needs; leaflets, calcium and small ostia may measure less accurately. Upload a thin-slice ' +
    'reconstruction (at most 1.25 mm) when one exists'
  );
}
