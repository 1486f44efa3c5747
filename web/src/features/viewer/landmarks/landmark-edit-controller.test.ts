import { GeometryType, type Landmark, ViewType } from '@cardiomap/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/index.ts';
import { landmarkFixture } from '../testing/viewer-fixtures.ts';
import { type LandmarkEditApi, LandmarkEditController, type NewLandmarkSpec } from './landmark-edit-controller.ts';

const distance: NewLandmarkSpec = {
  analysisId: 'a0000000-0000-4000-8000-0000000000a1',
  landmarkTypeId: null,
  name: 'My distance',
  geometryType: GeometryType.DISTANCE,
  viewType: ViewType.AXIAL,
};
const plane = {
  normal: [0, 0, 1] as [number, number, number],
  centroid: null,
  resliceRotation: null,
  resliceCenter: null,
};

function setUp(options = { canEdit: true }) {
  const api = {
    create: vi.fn<LandmarkEditApi['create']>(async (body) => landmarkFixture({ points: body.points })),
    patch: vi.fn<LandmarkEditApi['patch']>(async (id, body) => landmarkFixture({ id, points: body.points })),
  };
  const controller = new LandmarkEditController(api, options);
  return { api, controller };
}

describe('LandmarkEditController', () => {
  it('does nothing outside edit mode, and refuses edit mode without the permission', () => {
    const { controller } = setUp({ canEdit: false });
    controller.setEditMode(true);
    controller.initialise(distance);
    expect(controller.getSnapshot()).toEqual({
      editMode: false,
      phase: 'idle',
      draft: null,
      error: null,
      phaseQuestion: null,
    });
  });

  it('creates a landmark: initialise, place points, save; listeners hear every step', async () => {
    const { api, controller } = setUp();
    const heard = vi.fn();
    controller.subscribe(heard);
    controller.setEditMode(true);
    controller.initialise(distance);
    expect(controller.getSnapshot().phase).toBe('placing');
    controller.setPoints(
      [
        [0, 0, 0],
        [3, 4, 0],
      ],
      plane,
    );
    const saved = controller.save();
    expect(controller.getSnapshot().phase).toBe('saving');
    expect((await saved)?.points).toEqual([
      [0, 0, 0],
      [3, 4, 0],
    ]);
    expect(api.create).toHaveBeenCalledWith({
      analysisId: distance.analysisId,
      landmarkTypeId: null,
      name: 'My distance',
      geometryType: GeometryType.DISTANCE,
      viewType: ViewType.AXIAL,
      points: [
        [0, 0, 0],
        [3, 4, 0],
      ],
      ...plane,
    });
    expect(controller.getSnapshot()).toEqual({
      editMode: true,
      phase: 'idle',
      draft: null,
      error: null,
      phaseQuestion: null,
    });
    expect(heard).toHaveBeenCalledTimes(5);
  });

  it('refuses to save a shape with the wrong number of points, without calling the API', async () => {
    const { api, controller } = setUp();
    controller.setEditMode(true);
    controller.initialise(distance);
    controller.setPoints([[1, 2, 3]]);
    expect(await controller.save()).toBeNull();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'placing', error: 'A distance needs exactly 2 points.' });
    expect(api.create).not.toHaveBeenCalled();
  });

  it('keeps the draft and the message when the server refuses', async () => {
    const { api, controller } = setUp();
    api.create.mockRejectedValueOnce(new Error('You may not create landmarks on a delivered case.'));
    controller.setEditMode(true);
    controller.initialise(distance);
    controller.setPoints([
      [0, 0, 0],
      [1, 0, 0],
    ]);
    expect(await controller.save()).toBeNull();
    expect(controller.getSnapshot()).toMatchObject({
      phase: 'placing',
      error: 'You may not create landmarks on a delivered case.',
      draft: {
        points: [
          [0, 0, 0],
          [1, 0, 0],
        ],
      },
    });
  });

  it('says at once that an outline crosses itself, only then, and sends no such outline', async () => {
    const { api, controller } = setUp();
    controller.setEditMode(true);
    controller.initialise({ ...distance, name: 'Outline', geometryType: GeometryType.CLOSED_CURVE });
    type P = [number, number, number];
    const [a, b, c, d]: [P, P, P, P] = [
      [0, 0, 5],
      [10, 0, 5],
      [10, 10, 5],
      [0, 10, 5],
    ];
    controller.setPoints([a, b]);
    expect(controller.getSnapshot().error).toBeNull();
    controller.setPoints([a, b, d, c]);
    expect(controller.getSnapshot().error).toBe('The outline crosses itself');
    expect(await controller.save()).toBeNull();
    expect(api.create).not.toHaveBeenCalled();
    controller.setPoints([a, b, c, d]);
    expect(controller.getSnapshot().error).toBeNull();
  });

  it("words a refused save by the server's messages on the points, then the other fields", async () => {
    const { api, controller } = setUp();
    api.create.mockRejectedValueOnce(
      new ApiError(400, { viewType: ['Choose a view type (4–6).'], points: ['The outline crosses itself'] }),
    );
    controller.setEditMode(true);
    controller.initialise(distance);
    controller.setPoints([
      [0, 0, 0],
      [1, 0, 0],
    ]);
    await controller.save();
    expect(controller.getSnapshot()).toMatchObject({
      phase: 'placing',
      error: 'The outline crosses itself Choose a view type (4–6).',
    });
  });

  it('moves the points of an editable landmark through PATCH, and will not move one it may not edit', async () => {
    const { api, controller } = setUp();
    controller.setEditMode(true);
    controller.beginMove(landmarkFixture({ canEdit: false }));
    expect(controller.getSnapshot().phase).toBe('idle');
    const landmark: Landmark = landmarkFixture({ canEdit: true });
    controller.beginMove(landmark);
    const moved: [number, number, number][] = [
      [9, 9, 9],
      [1, 1, 1],
      [5, 0, 9],
    ];
    controller.setPoints(moved);
    await controller.save();
    expect(api.patch).toHaveBeenCalledWith(landmark.id, expect.objectContaining({ points: moved, normal: [0, 0, 1] }));
    expect(api.create).not.toHaveBeenCalled();
  });

  it('cancel drops the draft; leaving edit mode drops it too', () => {
    const { controller } = setUp();
    controller.setEditMode(true);
    controller.initialise(distance);
    controller.cancel();
    expect(controller.getSnapshot()).toMatchObject({ editMode: true, phase: 'idle', draft: null });
    controller.initialise(distance);
    controller.setEditMode(false);
    expect(controller.getSnapshot()).toEqual({
      editMode: false,
      phase: 'idle',
      draft: null,
      error: null,
      phaseQuestion: null,
    });
  });

  it('ignores points when nothing is being placed', () => {
    const { controller } = setUp();
    controller.setEditMode(true);
    controller.setPoints([[1, 1, 1]]);
    expect(controller.getSnapshot().draft).toBeNull();
  });
});

describe('LandmarkEditController: cardiac phases (issue 28)', () => {
  const SYSTOLE = 'd1000000-0000-4000-8000-000000000040';
  const DIASTOLE = 'd1000000-0000-4000-8000-000000000070';
  const onDiastole = landmarkFixture({ canEdit: true, phaseId: DIASTOLE, phaseLabel: '70 %' });

  it('creates the landmark on the phase shown', async () => {
    const { api, controller } = setUp();
    controller.setCurrentPhase(SYSTOLE);
    controller.setEditMode(true);
    controller.initialise(distance);
    controller.setPoints([
      [0, 0, 0],
      [1, 0, 0],
    ]);
    await controller.save();
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ phaseId: SYSTOLE }));
  });

  it('asks before moving a landmark of another phase; no leaves it, yes moves it and patches the phase', async () => {
    const { api, controller } = setUp();
    controller.setCurrentPhase(SYSTOLE);
    controller.setEditMode(true);
    controller.beginMove(onDiastole);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', draft: null, phaseQuestion: onDiastole });
    controller.answerPhaseQuestion(false);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', draft: null, phaseQuestion: null });

    controller.beginMove(onDiastole);
    controller.answerPhaseQuestion(true);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'placing', phaseQuestion: null });
    await controller.save();
    expect(api.patch).toHaveBeenCalledWith(onDiastole.id, expect.objectContaining({ phaseId: SYSTOLE }));
  });

  it('moves a landmark of the phase shown at once, without patching its phase', async () => {
    const { api, controller } = setUp();
    controller.setCurrentPhase(DIASTOLE);
    controller.setEditMode(true);
    controller.beginMove(onDiastole);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'placing', phaseQuestion: null });
    await controller.save();
    expect(api.patch.mock.calls[0]?.[1]).not.toHaveProperty('phaseId');
  });
});
