import { GeometryType } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import type { LandmarkDraft } from '../landmarks/landmark-edit-controller.ts';
import { landmarkFixture } from '../testing/viewer-fixtures.ts';
import { liveSizing } from './live-sizing.ts';

const ANNULUS_TYPE = '00000000-0000-4000-8000-000000001a01';
const SAPIEN_3 = { id: '00000000-0000-4000-8000-00000000d002', name: 'SAPIEN 3' };
const NATIVE = { id: '00000000-0000-4000-8000-00000000d501', name: 'Native valve assessment' };

/** A square outline of side s in the axial plane: area s², area-derived diameter 2·s/√π. */
const square = (side: number): [number, number, number][] => [
  [0, 0, 0],
  [side, 0, 0],
  [side, side, 0],
  [0, side, 0],
];

describe('liveSizing', () => {
  const saved = landmarkFixture({
    landmarkTypeId: ANNULUS_TYPE,
    measurements: { areaDerivedDiameter: 22 },
  });

  it('sizes the ordered devices with a chart against the saved annulus', () => {
    const [sizing, ...rest] = liveSizing([SAPIEN_3, NATIVE], [saved], null);
    expect(rest).toEqual([]);
    expect(sizing).toMatchObject({ deviceName: 'SAPIEN 3', landmarkId: saved.id, measured: 22, fittingSizes: ['23'] });
  });

  it('follows the draft while the analyst moves a point', () => {
    // side 20 mm: 2·20/√π = 22.568 mm, still 23; side 22 mm: 24.825 mm, now 26.
    const draft = (side: number): LandmarkDraft => ({
      analysisId: saved.analysisId,
      landmarkTypeId: ANNULUS_TYPE,
      name: 'Annulus',
      geometryType: GeometryType.CLOSED_CURVE,
      viewType: 6,
      landmarkId: saved.id,
      points: square(side),
      plane: null,
      phaseId: null,
      savedPhaseId: null,
    });
    expect(liveSizing([SAPIEN_3], [saved], draft(20))[0]?.measured).toBeCloseTo(22.568, 3);
    expect(liveSizing([SAPIEN_3], [saved], draft(22))[0]?.fittingSizes).toEqual(['26']);
  });

  it('keeps the saved measurement while a new closed curve has too few points to measure', () => {
    // The first click of an annulus: measuring it would throw and take the viewer down (found by e2e).
    const firstPoint: LandmarkDraft = {
      analysisId: saved.analysisId,
      landmarkTypeId: ANNULUS_TYPE,
      name: 'Annulus',
      geometryType: GeometryType.CLOSED_CURVE,
      viewType: 6,
      landmarkId: null,
      points: square(20).slice(0, 1),
      plane: null,
      phaseId: null,
      savedPhaseId: null,
    };
    expect(liveSizing([SAPIEN_3], [saved], firstPoint)[0]).toMatchObject({ landmarkId: saved.id, measured: 22 });
  });

  it('prefers a published annulus over an unpublished one', () => {
    const unpublished = landmarkFixture({
      id: 'e1000000-0000-4000-8000-000000000009',
      landmarkTypeId: ANNULUS_TYPE,
      isPublished: false,
      measurements: { areaDerivedDiameter: 28 },
    });
    expect(liveSizing([SAPIEN_3], [unpublished, saved], null)[0]?.landmarkId).toBe(saved.id);
  });
});
