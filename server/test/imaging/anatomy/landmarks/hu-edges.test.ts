import { describe, expect, it } from 'vitest';
import { proposeTavi } from '../../../../src/imaging/anatomy/landmarks/tavi.ts';
import { phantom } from './fixtures.ts';

// The root + LVOT label grown by one voxel into its wall: a segmentation whose border sits ~1 mm
// outside the lumen, as the preliminary model's did.
const p = phantom(3);
const [nx, ny] = p.dims;
const grown = p.labels.slice();
for (let i = 0; i < p.labels.length; i++)
  if (p.labels[i] === 2)
    for (const s of [1, -1, nx, -nx, nx * ny, -nx * ny])
      if ([0, 7, 12].includes(p.labels[i + s] ?? -1)) grown[i + s] = 2;

describe('annulus on the HU edge (huEdges)', () => {
  const truth = p.truth.annulus.perimeterDerivedDiameter;
  const pdd = (r: ReturnType<typeof proposeTavi>) => {
    if (!r.annulus.found) throw new Error(r.annulus.reason);
    return r.annulus.landmark.measurements.perimeterDerivedDiameter!;
  };

  it('takes back the ~2 mm a one-voxel-wide root label adds to the annulus', () => {
    const onLabels = pdd(proposeTavi({ ...p, labels: grown }));
    const onHu = pdd(proposeTavi({ ...p, labels: grown }, { huEdges: true }));
    expect(onLabels - truth).toBeGreaterThan(1);
    expect(Math.abs(onHu - truth)).toBeLessThan(0.5);
  });

  it('keeps the exact labels’ annulus within the target', () => {
    expect(Math.abs(pdd(proposeTavi(p, { huEdges: true })) - truth)).toBeLessThan(0.5);
  });
});
