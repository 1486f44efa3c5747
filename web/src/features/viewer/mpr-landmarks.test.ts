import { GeometryType, type Landmark, VIEW_TYPE_COLORS, ViewType } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import type { LandmarkDraft } from './landmarks/landmark-edit-controller.ts';
import { DRAFT_LANDMARK_ID, planeTargetOf, toMprLandmarks } from './mpr-landmarks.ts';

const landmark = (over: Partial<Landmark>): Landmark =>
  ({
    id: 'l1',
    color: '#112233',
    geometryType: GeometryType.DISTANCE,
    viewType: ViewType.AXIAL,
    points: [
      [0, 0, 5],
      [10, 0, 5],
    ],
    normal: null,
    centroid: null,
    resliceCenter: null,
    ...over,
  }) as Landmark;

const draft = (over: Partial<LandmarkDraft>): LandmarkDraft => ({
  analysisId: 'a',
  landmarkTypeId: null,
  name: 'Custom',
  geometryType: GeometryType.CLOSED_CURVE,
  viewType: ViewType.CORONAL,
  landmarkId: null,
  points: [[1, 2, 3]],
  plane: null,
  phaseId: null,
  savedPhaseId: null,
  ...over,
});

describe('toMprLandmarks', () => {
  it('draws the shown landmarks, closing areas and closed curves only', () => {
    const drawn = toMprLandmarks([landmark({}), landmark({ id: 'l2', geometryType: GeometryType.CLOSED_CURVE })], null);
    expect(drawn.map((l) => [l.id, l.closed, l.color])).toEqual([
      ['l1', false, '#112233'],
      ['l2', true, '#112233'],
    ]);
  });

  it('adds the draft in its pane colour, and leaves out the landmark whose points are being moved', () => {
    const drawn = toMprLandmarks([landmark({}), landmark({ id: 'l2' })], draft({ landmarkId: 'l2' }));
    expect(drawn.map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(drawn[1]).toMatchObject({ color: VIEW_TYPE_COLORS[ViewType.CORONAL], closed: true, points: [[1, 2, 3]] });
    expect(toMprLandmarks([], draft({}))[0]?.id).toBe(DRAFT_LANDMARK_ID);
    expect(toMprLandmarks([], draft({ points: [] }))).toEqual([]);
  });

  it('makes drag handles, in edit mode only, of the landmarks the user may change and of the draft', () => {
    const mine = landmark({ id: 'mine', canEdit: true });
    const theirs = landmark({ id: 'theirs', canEdit: false });
    const handles = (editMode: boolean, d: LandmarkDraft | null = null) =>
      toMprLandmarks([mine, theirs], d, editMode).map((l) => [l.id, l.draggable]);
    expect(handles(false)).toEqual([
      ['mine', false],
      ['theirs', false],
    ]);
    expect(handles(true, draft({}))).toEqual([
      ['mine', true],
      ['theirs', false],
      [DRAFT_LANDMARK_ID, true],
    ]);
  });
});

describe('planeTargetOf', () => {
  it('uses the stored plane', () => {
    const target = planeTargetOf(landmark({ normal: [0, 0, 2], centroid: [1, 1, 5], viewType: ViewType.SAGITTAL }));
    expect(target).toMatchObject({ normal: [0, 0, 1], centroid: [1, 1, 5], viewType: ViewType.SAGITTAL });
  });

  it('fits the plane of a closed curve that stored none', () => {
    const target = planeTargetOf(
      landmark({
        geometryType: GeometryType.CLOSED_CURVE,
        points: [
          [0, 0, 0],
          [10, 0, 10],
          [10, 10, 10],
          [0, 10, 0],
        ],
      }),
    );
    const n = target?.normal ?? [0, 0, 0];
    expect(Math.abs(n[0])).toBeCloseTo(Math.SQRT1_2, 6);
    expect(n[1]).toBeCloseTo(0, 6);
    expect(Math.abs(n[2])).toBeCloseTo(Math.SQRT1_2, 6);
    expect(target?.centroid).toEqual([5, 5, 5]);
  });

  it("takes a distance's own pane plane through its points, and nothing for a landmark without points", () => {
    expect(planeTargetOf(landmark({ viewType: ViewType.CORONAL }))).toMatchObject({
      normal: [0, 1, 0],
      centroid: [5, 0, 5],
    });
    expect(planeTargetOf(landmark({ points: [] }))).toBeNull();
  });
});
