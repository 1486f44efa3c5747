import { describe, expect, it } from 'vitest';
import { proposeTavi } from '../../../../src/imaging/anatomy/landmarks/tavi.ts';
import { angleDeg, phantom, seedMaximising } from './fixtures.ts';

// Issue 31's targets for proposals from the true label volume.
const ANNULUS_DIAMETER_MM = 0.5;
const PLANE_DEG = 3;
const CORONARY_MM = 1;
const PROJECTION_DEG = 3;

const small = seedMaximising((v) => -v.annulusDiameter);
const elliptic = seedMaximising((v) => -v.annulusRatio, [small]);
const steep = seedMaximising((v) => v.tiltDeg, [small, elliptic]);
const cases: [string, number][] = [
  ['smallest annulus', small],
  ['most elliptic annulus', elliptic],
  ['steepest tilt', steep],
];

describe.each(cases)('TAVI proposals from the true labels (%s, seed %i)', (_, seed) => {
  const p = phantom(seed);
  const t = p.truth;
  const r = proposeTavi(p);

  it('find the annulus plane, its hinge points and its perimeter-derived diameter within the targets', () => {
    if (!r.annulus.found) throw new Error(r.annulus.reason);
    const l = r.annulus.landmark;
    expect(l.geometryType).toBe(2);
    expect(l.proposed).toBe(true);
    expect(angleDeg(l.normal!, t.annulus.normal)).toBeLessThan(PLANE_DEG);
    expect(Math.abs(l.measurements.perimeterDerivedDiameter! - t.annulus.perimeterDerivedDiameter)).toBeLessThan(
      ANNULUS_DIAMETER_MM,
    );
    expect(Math.abs(l.measurements.areaDerivedDiameter! - t.annulus.areaDerivedDiameter)).toBeLessThan(0.5);
    expect(Math.abs(l.measurements.minDiameter! - t.annulus.minDiameter)).toBeLessThan(1);
    expect(Math.abs(l.measurements.maxDiameter! - t.annulus.maxDiameter)).toBeLessThan(1);
    for (const cusp of ['right', 'left', 'non-coronary'] as const) {
      const a = r.annulus.hingePoints[cusp];
      const b = t.annulus.hingePoints[cusp];
      expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeLessThan(1.5);
    }
    // The contour lies in the plane, round the centre.
    for (const q of l.points) {
      const d = [q[0] - l.centroid![0], q[1] - l.centroid![1], q[2] - l.centroid![2]];
      expect(Math.abs(d[0]! * l.normal![0] + d[1]! * l.normal![1] + d[2]! * l.normal![2])).toBeLessThan(1e-6);
    }
  });

  it('measure the LVOT, sinuses and STJ against their truths', () => {
    if (!r.lvot.found || !r.sinus.found || !r.stj.found) throw new Error('missing LVOT, sinus or STJ');
    expect(
      Math.abs(r.lvot.landmark.measurements.perimeterDerivedDiameter! - t.lvot.perimeterDerivedDiameter),
    ).toBeLessThan(0.5);
    for (const cusp of ['right', 'left', 'non-coronary'] as const)
      expect(Math.abs(r.sinus.diameters[cusp] - t.sinus.diameters[cusp])).toBeLessThan(1);
    expect(Math.abs(r.stj.heightAboveAnnulus - t.stj.height)).toBeLessThan(1);
    expect(Math.abs(r.stj.landmark.measurements.diameter! - t.stj.diameter)).toBeLessThan(1);
  });

  it('find both coronary ostia from the HU volume within 1 mm of height', () => {
    if (!r.leftCoronary.found) throw new Error(r.leftCoronary.reason);
    if (!r.rightCoronary.found) throw new Error(r.rightCoronary.reason);
    expect(Math.abs(r.leftCoronary.heightAboveAnnulus - t.coronaryOstia.left.heightAboveAnnulus)).toBeLessThan(
      CORONARY_MM,
    );
    expect(Math.abs(r.rightCoronary.heightAboveAnnulus - t.coronaryOstia.right.heightAboveAnnulus)).toBeLessThan(
      CORONARY_MM,
    );
    expect(r.leftCoronary.landmark.geometryType).toBe(3);
    expect(r.leftCoronary.landmark.measurements.distance).toBeCloseTo(r.leftCoronary.heightAboveAnnulus, 6);
  });

  it('give the C-arm curve within 3° of the true one, and the annulus calcium', () => {
    if (!r.projectionCurve.found || !r.calcium.found) throw new Error('missing projection curve or calcium');
    const worst = Math.max(...r.projectionCurve.curve.map((c, i) => Math.abs(c.cra - t.projectionCurve[i]!.cra)));
    expect(worst).toBeLessThan(PROJECTION_DEG);
    expect(r.calcium.volumeMm3).toBeGreaterThanOrEqual(0.6 * t.calciumVolume);
    expect(r.calcium.volumeMm3).toBeLessThanOrEqual(1.4 * t.calciumVolume + 1);
  });
});
