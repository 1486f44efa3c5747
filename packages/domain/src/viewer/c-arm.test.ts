import { describe, expect, it } from 'vitest';
import {
  C_ARM_PRESETS,
  type CArmVector,
  cArmAnglesFromDirection,
  cArmViewDirection,
  formatCArmAngles,
} from './c-arm.ts';

const close = (actual: CArmVector, expected: CArmVector) => {
  for (const [i, value] of actual.entries()) expect(value).toBeCloseTo(expected[i]!, 12);
};
const dot = (a: CArmVector, b: CArmVector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

describe('cArmViewDirection (LPS patient coordinates)', () => {
  it('AP: the detector is anterior (−y) with the head up (+z)', () => {
    const view = cArmViewDirection(0, 0);
    close(view.direction, [0, -1, 0]);
    close(view.up, [0, 0, 1]);
  });

  it("LAO 90 is the patient's left lateral (+x)", () => {
    const view = cArmViewDirection(90, 0);
    close(view.direction, [1, 0, 0]);
    close(view.up, [0, 0, 1]);
  });

  it("RAO 90 is the patient's right lateral (−x)", () => {
    close(cArmViewDirection(-90, 0).direction, [-1, 0, 0]);
  });

  it('CRA 90 looks down from above the head; the tilt carries "up" from head to posterior', () => {
    const view = cArmViewDirection(0, 90);
    close(view.direction, [0, 0, 1]);
    close(view.up, [0, 1, 0]);
  });

  it('CAU 30 from AP lies below the transverse plane, toward the feet', () => {
    const view = cArmViewDirection(0, -30);
    close(view.direction, [0, -Math.cos(Math.PI / 6), -0.5]);
  });

  it('LAO 45 CRA 30 combines both rotations', () => {
    const s = Math.SQRT1_2;
    const c30 = Math.cos(Math.PI / 6);
    close(cArmViewDirection(45, 30).direction, [s * c30, -s * c30, 0.5]);
  });

  it.each([
    [30, 20],
    [-30, -20],
    [120, -45],
    [5, -15],
  ])('LAO/RAO %d, CRA/CAU %d gives unit, perpendicular direction and up', (laoRao, cranCaud) => {
    const { direction, up } = cArmViewDirection(laoRao, cranCaud);
    expect(Math.hypot(...direction)).toBeCloseTo(1, 12);
    expect(Math.hypot(...up)).toBeCloseTo(1, 12);
    expect(dot(direction, up)).toBeCloseTo(0, 12);
    // The head end stays on the upper half of the screen for every angulation short of ±90° tilt.
    expect(up[2]).toBeGreaterThan(0);
  });
});

describe('cArmAnglesFromDirection', () => {
  it.each([
    [0, 0],
    [5, -15],
    [-30, -20],
    [90, 0],
    [-135, 40],
  ])('recovers LAO/RAO %d, CRA/CAU %d', (laoRao, cranCaud) => {
    expect(cArmAnglesFromDirection(cArmViewDirection(laoRao, cranCaud).direction)).toEqual({ laoRao, cranCaud });
  });

  it('accepts directions that are not unit length', () => {
    expect(cArmAnglesFromDirection([0, -10, 0])).toEqual({ laoRao: 0, cranCaud: 0 });
  });

  it('gives LAO/RAO 0 straight along the long axis, where it is undefined', () => {
    expect(cArmAnglesFromDirection([0, 0, -2])).toEqual({ laoRao: 0, cranCaud: -90 });
  });
});

describe('formatCArmAngles', () => {
  it.each([
    [{ laoRao: 0, cranCaud: 0 }, 'AP'],
    [{ laoRao: 5, cranCaud: -15 }, 'LAO 5° CAU 15°'],
    [{ laoRao: -30, cranCaud: 20 }, 'RAO 30° CRA 20°'],
  ])('%o reads %s', (angles, label) => {
    expect(formatCArmAngles(angles)).toBe(label);
  });
});

describe('C_ARM_PRESETS', () => {
  it('TAVI is LAO 0–10 CAU 10–20 and LAAO is RAO 30 CAU 20', () => {
    expect(C_ARM_PRESETS.tavi.laoRao).toBeGreaterThanOrEqual(0);
    expect(C_ARM_PRESETS.tavi.laoRao).toBeLessThanOrEqual(10);
    expect(C_ARM_PRESETS.tavi.cranCaud).toBeLessThanOrEqual(-10);
    expect(C_ARM_PRESETS.tavi.cranCaud).toBeGreaterThanOrEqual(-20);
    expect(formatCArmAngles(C_ARM_PRESETS.laao)).toBe('RAO 30° CAU 20°');
  });
});
