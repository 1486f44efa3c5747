import {
  type AnatomyPhantom,
  anatomyPhantom,
  anatomyVariant,
} from '../../../../src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';
import type { AnatomyVariant } from '../../../../src/imaging/testing/anatomy-phantom/variant.ts';

/** The seed among 1–60 that maximises `score` of its variant: spreads the tests over the ranges. */
export function seedMaximising(score: (v: AnatomyVariant) => number, except: number[] = []): number {
  let best = 1;
  for (let seed = 1; seed <= 60; seed++)
    if (!except.includes(seed) && score(anatomyVariant(seed)) > score(anatomyVariant(best))) best = seed;
  return best;
}

/** 1 mm grid: fast, and coarser than the 0.7–1 mm of a real cardiac CT, so the targets hold a margin. */
export const phantom = (seed: number): AnatomyPhantom => anatomyPhantom(seed, { spacing: 1 });

export function angleDeg(a: readonly number[], b: readonly number[]): number {
  const c = Math.abs(a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!) / (Math.hypot(...a) * Math.hypot(...b));
  return (Math.acos(Math.min(1, c)) * 180) / Math.PI;
}
