import { describe, expect, it } from 'vitest';
import { directionLabel, orientationLabels, type Vec3 } from './orientation-labels.ts';

// Cornerstone3D's default MPR cameras (constants/mprCameraValues).
const AXIAL = { viewUp: [0, -1, 0], viewPlaneNormal: [0, 0, -1] } as const;
const CORONAL = { viewUp: [0, 0, 1], viewPlaneNormal: [0, -1, 0] } as const;
const SAGITTAL = { viewUp: [0, 0, 1], viewPlaneNormal: [1, 0, 0] } as const;

function rotateAboutZ(v: Vec3, degrees: number): Vec3 {
  const a = (degrees * Math.PI) / 180;
  return [v[0] * Math.cos(a) - v[1] * Math.sin(a), v[0] * Math.sin(a) + v[1] * Math.cos(a), v[2]];
}

describe('orientationLabels', () => {
  it('shows the radiological convention in the axial pane: anterior up, patient left on the right', () => {
    expect(orientationLabels(AXIAL.viewUp, AXIAL.viewPlaneNormal)).toEqual({
      top: 'A',
      bottom: 'P',
      left: 'R',
      right: 'L',
    });
  });

  it('shows head up and patient left on the right in the coronal pane', () => {
    expect(orientationLabels(CORONAL.viewUp, CORONAL.viewPlaneNormal)).toEqual({
      top: 'H',
      bottom: 'F',
      left: 'R',
      right: 'L',
    });
  });

  it('shows head up and posterior on the right in the sagittal pane', () => {
    expect(orientationLabels(SAGITTAL.viewUp, SAGITTAL.viewPlaneNormal)).toEqual({
      top: 'H',
      bottom: 'F',
      left: 'A',
      right: 'P',
    });
  });

  it('names both axes after an oblique rotation, the stronger first', () => {
    // The coronal pane turned 30° about the body axis: screen right leans mostly left, partly posterior.
    const labels = orientationLabels(CORONAL.viewUp, rotateAboutZ(CORONAL.viewPlaneNormal, 30));
    expect(labels).toEqual({ top: 'H', bottom: 'F', left: 'RA', right: 'LP' });
  });

  it('follows an in-plane rotation of the axial pane by 90°', () => {
    const labels = orientationLabels(rotateAboutZ(AXIAL.viewUp, 90), AXIAL.viewPlaneNormal);
    expect(labels).toEqual({ top: 'L', bottom: 'R', left: 'A', right: 'P' });
  });
});

describe('directionLabel', () => {
  it('ignores a slight tilt', () => {
    expect(directionLabel([0.1, -0.99, 0.05])).toBe('A');
  });

  it('gives three letters for a direction leaning towards every axis', () => {
    expect(directionLabel([-0.5, 0.6, -0.62])).toBe('FPR');
  });

  it('does not depend on the vector length', () => {
    expect(directionLabel([0, 0, 7])).toBe('H');
  });
});
