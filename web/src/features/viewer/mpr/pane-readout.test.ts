import { describe, expect, it } from 'vitest';
import { readPane, slicePositionMm } from './pane-readout.ts';

describe('slicePositionMm', () => {
  it('reads the patient z of an axial plane although the camera looks towards the feet', () => {
    expect(slicePositionMm([5, 7, 12.5], [0, 0, -1])).toBeCloseTo(12.5);
  });

  it('reads the patient y of a coronal plane and x of a sagittal plane', () => {
    expect(slicePositionMm([5, -30, 12], [0, -1, 0])).toBeCloseTo(-30);
    expect(slicePositionMm([44, -30, 12], [1, 0, 0])).toBeCloseTo(44);
  });

  it('measures an oblique plane along its own normal', () => {
    const n = Math.SQRT1_2;
    expect(slicePositionMm([10, 10, 0], [-n, -n, 0])).toBeCloseTo(20 * n);
  });
});

describe('readPane', () => {
  it('combines the camera with the slice position, zoom and labels', () => {
    const viewport = {
      getCamera: () => ({ viewUp: [0, 0, 1], viewPlaneNormal: [1, 0, 0], focalPoint: [-3, 4, 5] }),
      getZoom: () => 2.5,
      getSliceIndex: () => 40,
      getNumberOfSlices: () => 512,
    };
    expect(readPane(viewport)).toEqual({
      sliceIndex: 40,
      sliceCount: 512,
      positionMm: -3,
      zoom: 2.5,
      labels: { top: 'H', bottom: 'F', left: 'A', right: 'P' },
      interpolated: false,
    });
  });
});
