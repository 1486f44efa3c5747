import { describe, expect, it } from 'vitest';
import { emptyResultsLine } from './results-overview.ts';

describe('emptyResultsLine (issue 30 §5)', () => {
  it('says "no results" only when nothing was measured', () => {
    expect(emptyResultsLine({ landmarks: 0, measurements: 0 }, 'listed below', 'No analysis results yet.')).toBe(
      'No analysis results yet.',
    );
  });

  it.each([
    [
      { landmarks: 2, measurements: 5 },
      'No numeric results; this analysis has 2 landmarks with 5 measurements, listed below.',
    ],
    [
      { landmarks: 1, measurements: 1 },
      'No numeric results; this analysis has 1 landmark with 1 measurement, listed below.',
    ],
    [
      { landmarks: 1, measurements: 0 },
      'No numeric results; this analysis has 1 landmark with 0 measurements, listed below.',
    ],
  ])('with landmarks %j: what there is and where', (content, line) => {
    expect(emptyResultsLine(content, 'listed below', 'No analysis results yet.')).toBe(line);
  });
});
