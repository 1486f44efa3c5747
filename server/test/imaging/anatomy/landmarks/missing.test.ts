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

  it('refuse a label volume that does not match its grid', () => {
    expect(() => proposeLandmarks({ ...p, labels: new Uint8Array(10) })).toThrow(/dimensions/);
  });
});
