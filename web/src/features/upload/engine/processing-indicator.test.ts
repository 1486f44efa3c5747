import { describe, expect, it } from 'vitest';
import { processingIndicatorValue } from './processing-indicator.ts';

describe('processingIndicatorValue', () => {
  it('gains one percent every three seconds and wraps from 100 to 0', () => {
    expect(processingIndicatorValue(0)).toBe(0);
    expect(processingIndicatorValue(2999)).toBe(0);
    expect(processingIndicatorValue(3000)).toBe(1);
    expect(processingIndicatorValue(300_000)).toBe(100);
    expect(processingIndicatorValue(303_000)).toBe(0);
  });
});
