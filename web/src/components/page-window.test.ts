import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pageWindow (spec §9: 10 page numbers)', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [3, 7, range(1, 7)],
    [1, 10, range(1, 10)],
    [10, 10, range(1, 10)],
    [1, 40, range(1, 10)],
    [5, 40, range(1, 10)],
    [6, 40, range(2, 11)],
    [20, 40, range(16, 25)],
    [36, 40, range(31, 40)],
    [40, 40, range(31, 40)],
    [99, 40, range(31, 40)],
  ])('page %i of %i shows %j', (current, count, expected) => {
    const shown = pageWindow(current, count);
    expect(shown).toEqual(expected);
    expect(shown.length).toBeLessThanOrEqual(10);
  });
});
