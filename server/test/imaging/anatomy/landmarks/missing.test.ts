import { describe, expect, it } from 'vitest';
import { proposeLaao } from '../../../../src/imaging/anatomy/landmarks/laa.ts';
import { ANATOMY_LABEL } from '../../../../src/imaging/anatomy/landmarks/labels.ts';
import { proposeLandmarks } from '../../../../src/imaging/anatomy/landmarks/propose-landmarks.ts';
import { proposeTavi } from '../../../../src/imaging/anatomy/landmarks/tavi.ts';
import { anatomyPhantom } from '../../../../src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';

const p = anatomyPhantom(3, { spacing: 1.5 });
const without = (...labels: number[]) => p.labels.map((l) => (labels.includes(l) ? 0 : l));

describe('landmark proposals when a structure is missing', () => {
  it('give no TAVI landmark, with the reason, when the label volume has no aortic root', () => {
    const r = proposeLandmarks({ ...p, labels: without(ANATOMY_LABEL.aorticRoot) });
    for (const proposal of Object.values(r.tavi)) {
      expect(proposal.found).toBe(false);
      if (!proposal.found) expect(proposal.reason).toMatch(/aortic root/);
    }
    expect(r.laao.ostium.found).toBe(true);
  });

  it('give no LAAO landmark, with the reason, when there is no appendage', () => {
    const r = proposeLaao({ ...p, labels: without(ANATOMY_LABEL.laa) });
    for (const proposal of Object.values(r)) {
      expect(proposal.found).toBe(false);
      if (!proposal.found) expect(proposal.reason).toMatch(/appendage/);
    }
  });

  it('give no coronary heights without the HU volume, but the rest of the root', () => {
    const { hu: _, ...labelsOnly } = p;
    const r = proposeTavi(labelsOnly);
    expect(r.annulus.found).toBe(true);
    expect(r.leftCoronary).toEqual({ found: false, reason: expect.stringMatching(/HU volume/) });
    expect(r.rightCoronary.found).toBe(false);
  });

  it('find no sinuses in a root without them (a plain tube), and say so', () => {
    // The root replaced by a straight tube of the aorta's label: no three-cusp bulge anywhere.
    const labels = p.labels.map((l) => (l === ANATOMY_LABEL.aorticRoot ? ANATOMY_LABEL.aorta : l));
    const [nx, ny, nz] = p.dims;
    const tube = new Uint8Array(labels.length);
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++)
        for (let i = 0; i < nx; i++)
          if ((i - nx / 2) ** 2 + (j - ny / 2) ** 2 < 100 && k > 10 && k < 40) tube[(k * ny + j) * nx + i] = 2;
    const r = proposeTavi({ ...p, labels: tube, hu: undefined });
    expect(r.annulus.found).toBe(false);
    if (!r.annulus.found) expect(r.annulus.reason).toMatch(/sinuses/);
  });

  it('are not pulled about by stray voxels of the root and appendage labels elsewhere', () => {
    const clean = proposeLandmarks(p);
    const labels = p.labels.slice();
    const [nx, ny] = p.dims;
    // A 3×3×3 speck of each, in a corner of the volume.
    for (let k = 2; k < 5; k++)
      for (let j = 2; j < 5; j++)
        for (let i = 2; i < 5; i++) {
          labels[(k * ny + j) * nx + i] = ANATOMY_LABEL.aorticRoot;
          labels[(k * ny + j) * nx + i + 6] = ANATOMY_LABEL.laa;
        }
    const r = proposeLandmarks({ ...p, labels });
    if (!r.tavi.annulus.found || !clean.tavi.annulus.found) throw new Error('no annulus');
    expect(r.tavi.annulus.landmark.measurements.perimeter).toBeCloseTo(
      clean.tavi.annulus.landmark.measurements.perimeter!,
      6,
    );
    if (!r.laao.depth.found || !clean.laao.depth.found) throw new Error('no LAA depth');
    expect(r.laao.depth.depth).toBeCloseTo(clean.laao.depth.depth, 6);
  });

  it('refuse a label volume that does not match its grid', () => {
    expect(() => proposeLandmarks({ ...p, labels: new Uint8Array(10) })).toThrow(/dimensions/);
  });
});
