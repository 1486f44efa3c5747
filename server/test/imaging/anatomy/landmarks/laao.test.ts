import { describe, expect, it } from 'vitest';
import { proposeLaao } from '../../../../src/imaging/anatomy/landmarks/laa.ts';
import { anatomyVariant } from '../../../../src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';
import { angleDeg, phantom } from './fixtures.ts';

const OSTIUM_MM = 1;

// One seed of each morphology (the first among 41–80, outside the seeds the classifier was tuned on).
const morphologies = ['chicken-wing', 'windsock', 'cactus', 'cauliflower'] as const;
const cases = morphologies.map((m) => {
  for (let seed = 41; seed <= 80; seed++) if (anatomyVariant(seed).laaMorphology === m) return [m, seed] as const;
  throw new Error(`no ${m} seed`);
});

describe.each(cases)('LAAO proposals from the true labels (%s, seed %i)', (morphology, seed) => {
  const p = phantom(seed);
  const t = p.truth.laa;
  const r = proposeLaao(p);

  it('find the ostium plane and its diameters within 1 mm, the landing zone and the depth', () => {
    if (!r.ostium.found) throw new Error(r.ostium.reason);
    const m = r.ostium.landmark.measurements;
    expect(angleDeg(r.ostium.landmark.normal!, t.ostiumNormal)).toBeLessThan(3);
    expect(Math.abs(m.minDiameter! - t.ostium.minDiameter)).toBeLessThan(OSTIUM_MM);
    expect(Math.abs(m.maxDiameter! - t.ostium.maxDiameter)).toBeLessThan(OSTIUM_MM);
    expect(Math.abs(m.perimeter! - t.ostium.perimeter)).toBeLessThan(2);
    expect(Math.abs(m.area! - t.ostium.area) / t.ostium.area).toBeLessThan(0.05);
    if (!r.depth.found) throw new Error(r.depth.reason);
    expect(Math.abs(r.depth.depth - t.depth)).toBeLessThan(1);
    if (!r.landingZone.found) throw new Error(r.landingZone.reason);
    expect(r.landingZone.landmark.measurements.maxDiameter).toBeGreaterThan(5);
  });

  it('propose the morphology class', () => {
    if (!r.morphology.found) throw new Error(r.morphology.reason);
    expect(r.morphology.morphology).toBe(morphology);
  });
});
