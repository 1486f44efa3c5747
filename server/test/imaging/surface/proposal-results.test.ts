import { describe, expect, it } from 'vitest';
import { proposeLandmarks } from '../../../src/imaging/anatomy/landmarks/propose-landmarks.ts';
import { proposalResults } from '../../../src/imaging/surface/proposal-results.ts';
import { phantom } from '../anatomy/landmarks/fixtures.ts';

describe('proposalResults', () => {
  it('names each proposed figure as proposed, in mm to a tenth, next to the truth', () => {
    const p = phantom(3);
    const proposals = proposeLandmarks({
      dims: p.dims,
      spacing: p.spacing,
      origin: p.origin,
      labels: p.labels,
      hu: p.hu,
    });
    const { results } = proposalResults(proposals);
    expect(results.every((r) => r.name.endsWith('(proposed)'))).toBe(true);
    const annulus = results.find((r) => r.name === 'Annulus perimeter-derived diameter (proposed)');
    expect(annulus?.unit).toBe('mm');
    expect(Math.abs((annulus?.value as number) - p.truth.annulus.perimeterDerivedDiameter)).toBeLessThan(0.5);
    expect(results.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Left coronary ostium height (proposed)', 'LAA ostium maximum diameter (proposed)']),
    );
  });

  it('gives no figure, only reasons, for what is not there', () => {
    const p = phantom(3);
    const empty = new Uint8Array(p.labels.length);
    const { results, missing } = proposalResults(
      proposeLandmarks({ dims: p.dims, spacing: p.spacing, origin: p.origin, labels: empty }),
    );
    expect(results).toEqual([]);
    expect(missing.some((m) => m.startsWith('annulus: '))).toBe(true);
    expect(missing.some((m) => m.startsWith('LAA ostium: '))).toBe(true);
  });
});
