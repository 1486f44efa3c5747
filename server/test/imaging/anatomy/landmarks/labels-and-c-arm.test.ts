import { describe, expect, it } from 'vitest';
import { craForLao, projectionCurve } from '../../../../src/imaging/anatomy/landmarks/c-arm.ts';
import { ANATOMY_LABEL } from '../../../../src/imaging/anatomy/landmarks/labels.ts';
import * as phantomCArm from '../../../../src/imaging/testing/anatomy-phantom/c-arm.ts';
import { LABEL } from '../../../../src/imaging/testing/anatomy-phantom/labels.ts';

describe('landmark proposals: shared conventions', () => {
  it('read the same label numbers as the anatomy phantom (and the segmentation) writes', () => {
    for (const [name, value] of Object.entries(ANATOMY_LABEL)) expect(LABEL[name as keyof typeof LABEL]).toBe(value);
  });

  it('draw the C-arm curve in the phantom’s (and the viewer’s) LPS convention', () => {
    const n = [-0.5, -0.3, 0.81] as [number, number, number];
    expect(projectionCurve(n)).toEqual(phantomCArm.projectionCurve(n));
    // Every pair views the plane edge-on: the detector direction is perpendicular to the normal.
    for (const { lao, cra } of projectionCurve(n)) {
      const d = phantomCArm.detectorDirection({ lao, cra });
      expect(Math.abs(d[0] * n[0] + d[1] * n[1] + d[2] * n[2])).toBeLessThan(1e-9);
    }
    expect(craForLao([0, 0, 1], 30)).toBeCloseTo(0, 12);
  });
});
