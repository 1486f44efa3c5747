import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  findPreset,
  levelsOrDefault,
  levelsToRange,
  rangeToLevels,
  WINDOW_PRESETS,
} from './mpr-settings.ts';

describe('levelsOrDefault', () => {
  it('keeps the resource levels', () => {
    expect(levelsOrDefault({ windowCenter: 40, windowWidth: 400 })).toEqual({ windowCenter: 40, windowWidth: 400 });
  });

  it.each([
    undefined,
    null,
    {},
    { windowCenter: 40 },
    { windowCenter: 40, windowWidth: 0 },
    { windowCenter: Number.NaN, windowWidth: 10 },
  ])('falls back to 230/1075 for %j', (levels) => {
    expect(levelsOrDefault(levels)).toEqual({ windowCenter: 230, windowWidth: 1075 });
  });
});

describe('window ranges', () => {
  it('round-trips levels through the displayed range', () => {
    expect(levelsToRange({ windowCenter: -600, windowWidth: 1500 })).toEqual({ lower: -1350, upper: 150 });
    expect(rangeToLevels({ lower: -1350, upper: 150 })).toEqual({ windowCenter: -600, windowWidth: 1500 });
  });
});

describe('presets', () => {
  it('offers CTA first with the spec default levels', () => {
    expect(WINDOW_PRESETS[0]).toMatchObject({ label: 'CTA', windowCenter: 230, windowWidth: 1075 });
    expect(findPreset('bone')).toMatchObject({ windowCenter: 500, windowWidth: 2000 });
    expect(findPreset('nope')).toBeUndefined();
  });
});

describe('clampZoom', () => {
  it.each([
    [0.2, 1],
    [1, 1],
    [12.5, 12.5],
    [50, 50],
    [80, 50],
    [Number.NaN, 1],
  ])('%d → %d', (zoom, clamped) => {
    expect(clampZoom(zoom)).toBe(clamped);
  });
});
