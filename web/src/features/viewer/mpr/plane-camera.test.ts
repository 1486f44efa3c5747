import { describe, expect, it } from 'vitest';
import { planeCamera, sliceThrough } from './plane-camera.ts';

const AXIAL = { viewPlaneNormal: [0, 0, -1], viewUp: [0, -1, 0], focalPoint: [0, 0, 0], position: [0, 0, -100] };

describe('planeCamera', () => {
  it('looks along the plane normal from the pane side, centred on the centroid, at the same distance', () => {
    const tilted = [0, Math.sin(0.3), Math.cos(0.3)] as const; // points to the head: flipped to the feet side
    const camera = planeCamera(AXIAL, tilted, [5, 6, 7]);
    expect(camera?.viewPlaneNormal[2]).toBeCloseTo(-Math.cos(0.3));
    expect(camera?.focalPoint).toEqual([5, 6, 7]);
    const [px, py, pz] = camera?.position ?? [0, 0, 0];
    expect(Math.hypot(px - 5, py - 6, pz - 7)).toBeCloseTo(100);
  });

  it('keeps up perpendicular to the new normal and close to the old up', () => {
    const camera = planeCamera(AXIAL, [0, Math.sin(0.3), -Math.cos(0.3)], [0, 0, 0]);
    const n = camera?.viewPlaneNormal ?? [0, 0, 0];
    const up = camera?.viewUp ?? [0, 0, 0];
    expect(n[0] * up[0] + n[1] * up[1] + n[2] * up[2]).toBeCloseTo(0);
    expect(up[1]).toBeLessThan(-0.9);
  });
});

describe('sliceThrough', () => {
  it('moves the slice along its normal only', () => {
    const camera = sliceThrough(AXIAL, [30, 40, 12]);
    expect(camera?.focalPoint).toEqual([0, 0, 12]);
    expect(camera?.position).toEqual([0, 0, -88]);
    expect(camera?.viewUp).toEqual([0, -1, 0]);
  });
});
