import { describe, expect, it } from 'vitest';
import { planeFrame } from '../../../../src/imaging/anatomy/landmarks/plane-frame.ts';
import { measureSection } from '../../../../src/imaging/anatomy/landmarks/section.ts';
import { fitHalfSine } from '../../../../src/imaging/anatomy/landmarks/sinus-profile.ts';
import {
  type LabelledVolume,
  labelSet,
  membership,
  voxelSpace,
} from '../../../../src/imaging/anatomy/landmarks/volume.ts';
import type { Vec3 } from '../../../../src/imaging/types.ts';

/** Ramanujan II, as the phantom's truth uses. */
function ellipsePerimeter(a: number, b: number): number {
  const h = ((a - b) / (a + b)) ** 2;
  return Math.PI * (a + b) * (1 + (3 * h) / (10 + Math.sqrt(4 - 3 * h)));
}

/**
 * An elliptic cylinder of label 2 (semi-axes 14 × 10 mm) along a tilted axis, on a 0.8 × 0.8 × 1 mm grid
 * whose axes are not the patient's (turned 30° about z and flipped in y): the section must come out in
 * patient space with the ellipse's own sizes.
 */
function tiltedCylinder(): { v: LabelledVolume; axis: Vec3; centre: Vec3; major: Vec3 } {
  const c = Math.cos(Math.PI / 6);
  const s = Math.sin(Math.PI / 6);
  const direction = [c, s, 0, s, -c, 0, 0, 0, 1];
  const dims: [number, number, number] = [80, 80, 60];
  const spacing: Vec3 = [0.8, 0.8, 1];
  const origin: Vec3 = [-30, 25, -30];
  const space = voxelSpace({ spacing, origin, direction });
  const centre = space.toPatient(40, 40, 30);
  const t = 0.6;
  const axis: Vec3 = [Math.sin(t), 0, Math.cos(t)];
  const major: Vec3 = [Math.cos(t), 0, -Math.sin(t)];
  const minor: Vec3 = [0, 1, 0];
  const labels = new Uint8Array(dims[0] * dims[1] * dims[2]);
  for (let k = 0; k < dims[2]; k++)
    for (let j = 0; j < dims[1]; j++)
      for (let i = 0; i < dims[0]; i++) {
        const p = space.toPatient(i, j, k);
        const d: Vec3 = [p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]];
        const x = d[0] * major[0] + d[1] * major[1] + d[2] * major[2];
        const y = d[0] * minor[0] + d[1] * minor[1] + d[2] * minor[2];
        if ((x / 14) ** 2 + (y / 10) ** 2 <= 1) labels[(k * dims[1] + j) * dims[0] + i] = 2;
      }
  return { v: { dims, spacing, origin, direction, labels }, axis, centre, major };
}

describe('section measures', () => {
  const { v, axis, centre, major } = tiltedCylinder();

  it('measure a tilted ellipse on an oblique grid within 0.3 mm, through its centroid', () => {
    // Cast from a point 2 mm off the centre: the re-centring must find the centroid.
    const start: Vec3 = [centre[0] + 2 * major[0], centre[1] + 2 * major[1], centre[2] + 2 * major[2]];
    const section = measureSection(planeFrame(start, axis), { inside: membership(v, labelSet([2])), maxRadius: 30 });
    if (!section) throw new Error('no section');
    const m = section.measures;
    expect(Math.abs(m.perimeter / Math.PI - ellipsePerimeter(14, 10) / Math.PI)).toBeLessThan(0.3);
    expect(Math.abs(m.area - Math.PI * 140) / (Math.PI * 140)).toBeLessThan(0.02);
    expect(Math.abs(m.maxDiameter - 28)).toBeLessThan(0.3);
    expect(Math.abs(m.minDiameter - 20)).toBeLessThan(0.3);
    const c = section.frame.centre;
    expect(Math.hypot(c[0] - centre[0], c[1] - centre[1], c[2] - centre[2])).toBeLessThan(0.2);
  });

  it('say nothing when the plane misses the lumen', () => {
    const outside: Vec3 = [centre[0] + 25 * major[0], centre[1] + 25 * major[1], centre[2] + 25 * major[2]];
    expect(
      measureSection(planeFrame(outside, axis), { inside: membership(v, labelSet([2])), maxRadius: 30 }),
    ).toBeNull();
  });
});

describe('fitHalfSine', () => {
  it('recovers where a half sine starts and ends from samples with noise', () => {
    const x = Array.from({ length: 90 }, (_, i) => -10 + 0.5 * i);
    let seed = 7;
    const noise = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647 - 0.5) * 0.05;
    };
    const y = x.map((z) => (z > 2.3 && z < 21.7 ? 1.8 * Math.sin((Math.PI * (z - 2.3)) / 19.4) : 0) + noise());
    const fit = fitHalfSine(x, y, 12);
    if (!fit) throw new Error('no fit');
    expect(fit.start).toBeCloseTo(2.3, 1);
    expect(fit.end).toBeCloseTo(21.7, 1);
    expect(fit.amplitude).toBeCloseTo(1.8, 1);
  });
});
