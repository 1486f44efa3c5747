/** What an analysis has been measured with, for a results section that has no numeric results. */
export interface MeasuredContent {
  landmarks: number;
  measurements: number;
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The line a results section shows when it lists no numeric results (issue 30 §5): a delivered case
 * measured through its landmarks has results, so it says what there is and where (`where`, e.g.
 * "listed below"); only with nothing measured at all is it `nothing` ("No analysis results yet.").
 */
export function emptyResultsLine(content: MeasuredContent, where: string, nothing: string): string {
  if (content.landmarks === 0) return nothing;
  const what = `${counted(content.landmarks, 'landmark')} with ${counted(content.measurements, 'measurement')}`;
  return `No numeric results; this analysis has ${what}, ${where}.`;
}
