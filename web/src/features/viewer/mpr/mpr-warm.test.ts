import { describe, expect, it } from 'vitest';
import { raySamples, warmHeader } from './mpr-warm.ts';

describe('the MPR warm-up volume (issue 30)', () => {
  it("gives the volume shader the same ray samples as the study's volume", () => {
    // The bench phantom: 512 × 512 × 500 at 0.7 × 0.7 × 0.6 mm; its panes' shader says 1767.
    expect(raySamples([512, 512, 500], [0.7, 0.7, 0.6])).toBe(1767);
    for (const samples of [9, 24, 400, 1767, 3999]) {
      const { dimensions, spacing } = warmHeader(samples);
      expect(dimensions[1] * dimensions[2]).toBe(4);
      expect(raySamples(dimensions, spacing)).toBe(samples);
    }
  });

  it('measures an oblique volume by the bounds of its turned box', () => {
    const turned = [0, 1, 0, -1, 0, 0, 0, 0, 1];
    expect(raySamples([100, 50, 10], [1, 1, 1], turned)).toBe(raySamples([50, 100, 10], [1, 1, 1]));
  });
});
