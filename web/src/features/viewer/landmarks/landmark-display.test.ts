import { describe, expect, it } from 'vitest';
import { formatMeasurement, isLandmarkShown, listedLandmarks, measurementLabel } from './landmark-display.ts';

const published = { id: 'a', isPublished: true };
const draft = { id: 'b', isPublished: false };

describe('landmark display rules (spec §4 edit mode)', () => {
  it('shows only published landmarks outside edit mode, every landmark in it', () => {
    const none = new Set<string>();
    expect(isLandmarkShown(draft, { editMode: false, hiddenIds: none })).toBe(false);
    expect(isLandmarkShown(draft, { editMode: true, hiddenIds: none })).toBe(true);
    expect(isLandmarkShown(published, { editMode: false, hiddenIds: none })).toBe(true);
    expect(listedLandmarks([published, draft], false)).toEqual([published]);
    expect(listedLandmarks([published, draft], true)).toEqual([published, draft]);
  });

  it('keeps a landmark the user hid hidden in both modes', () => {
    const hidden = new Set(['a']);
    expect(isLandmarkShown(published, { editMode: false, hiddenIds: hidden })).toBe(false);
    expect(isLandmarkShown(published, { editMode: true, hiddenIds: hidden })).toBe(false);
  });

  it.each([
    ['distance', 12.345, '12.35 mm'],
    ['angle', 41.26, '41.3°'],
    ['area', 400, '400.00 mm²'],
    ['areaDiameter', 22.5676, '22.57 mm'],
    ['perimeter', 75.4, '75.40 mm'],
    ['largestDistanceFromPlane', 0.250618, '0.25 mm'],
  ])('formats %s with its unit', (name, value, expected) => {
    expect(formatMeasurement(name, value)).toBe(expected);
  });

  it('words a measurement name', () => {
    expect(measurementLabel('minDiameter')).toBe('Min diameter');
    expect(measurementLabel('perimeter_diameter')).toBe('Perimeter diameter');
    expect(measurementLabel('largestDistanceFromPlane')).toBe('Largest distance from plane');
  });
});
