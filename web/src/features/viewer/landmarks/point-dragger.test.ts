import { GeometryType, type Landmark, ViewType } from '@cardiomap/contract';
import { describe, expect, it, vi } from 'vitest';
import type { PaneId, PaneLandmarkShape } from '../mpr/index.ts';
import { DRAFT_LANDMARK_ID } from '../mpr-landmarks.ts';
import { landmarkFixture } from '../testing/viewer-fixtures.ts';
import { LandmarkEditController } from './landmark-edit-controller.ts';
import { attachPointDragger, handleAt, PointDragController } from './point-dragger.ts';
import { attachPointPlacer } from './point-placer.ts';

const shape = (id: string, draggable: boolean, points: PaneLandmarkShape['points']): PaneLandmarkShape => ({
  id,
  color: 'red',
  closed: false,
  draggable,
  points,
});

describe('handleAt', () => {
  it('finds the nearest drawn point of a draggable landmark within the grab radius', () => {
    const shapes = [
      shape('fixed', false, [[50, 50]]),
      shape('a', true, [null, [100, 100], [106, 100]]),
      shape('b', true, [[104, 103]]),
    ];
    expect(handleAt(shapes, 105, 101)).toEqual({ landmarkId: 'a', pointIndex: 2 });
    expect(handleAt(shapes, 103, 104)).toEqual({ landmarkId: 'b', pointIndex: 0 });
    expect(handleAt(shapes, 50, 50)).toBeNull();
    expect(handleAt(shapes, 130, 100)).toBeNull();
  });
});

/** An axial distance from (0,0,5) to (10,0,5), drawn in the axial pane at 2 px per mm from (100,100). */
const distance = landmarkFixture({
  geometryType: GeometryType.DISTANCE,
  viewType: ViewType.AXIAL,
  points: [
    [0, 0, 5],
    [10, 0, 5],
  ],
  canEdit: true,
});
const toPane = (point: readonly number[]) => [100 + 2 * (point[0] ?? 0), 100 + 2 * (point[1] ?? 0)] as const;

function setUp(landmarks: Landmark[] = [distance], { failSave = false } = {}) {
  const patch = vi.fn(async (id: string, body: { points?: Landmark['points'] }) => {
    if (failSave) throw new Error('Server said no.');
    return { ...distance, id, points: body.points ?? distance.points };
  });
  const edit = new LandmarkEditController({ create: vi.fn(), patch }, { canEdit: true });
  edit.setEditMode(true);
  // The panes draw what the page would hand them: the draft instead of the landmark it moves.
  const shapes = (pane: PaneId): PaneLandmarkShape[] => {
    if (pane !== 'axial') return [];
    const { draft } = edit.getSnapshot();
    const drawn = landmarks
      .filter((landmark) => landmark.id !== draft?.landmarkId)
      .map((landmark) => shape(landmark.id, landmark.canEdit, landmark.points.map(toPane)));
    if (draft) drawn.push(shape(draft.landmarkId ?? DRAFT_LANDMARK_ID, true, draft.points.map(toPane)));
    return drawn;
  };
  const dragger = new PointDragController(edit, {
    shapes,
    landmark: (id) => landmarks.find((landmark) => landmark.id === id),
  });
  const points = () => edit.getSnapshot().draft?.points;
  return { edit, dragger, patch, points, shapes };
}

describe('PointDragController', () => {
  it('moves the grabbed point along the drag and saves the new points once, on release', async () => {
    const { edit, dragger, patch, points } = setUp();
    expect(dragger.press('axial', 121, 99)).toBe(true);
    dragger.move('axial', 130, 110, [15, 5, 5]);
    expect(points()).toEqual([
      [0, 0, 5],
      [15, 5, 5],
    ]);
    dragger.move('axial', 140, 120, [20, 10, 5]);
    expect(patch).not.toHaveBeenCalled();
    await dragger.release();
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0]?.[0]).toBe(distance.id);
    expect(patch.mock.calls[0]?.[1]).toMatchObject({
      points: [
        [0, 0, 5],
        [20, 10, 5],
      ],
      normal: distance.normal,
    });
    expect(edit.getSnapshot()).toMatchObject({ phase: 'idle', draft: null });
  });

  it('saves nothing for a click on a handle without movement, nor for a jitter within the click tolerance', async () => {
    const { edit, dragger, patch } = setUp();
    expect(dragger.press('axial', 100, 100)).toBe(true);
    dragger.move('axial', 102, 101, [1, 0.5, 5]);
    await dragger.release();
    expect(patch).not.toHaveBeenCalled();
    expect(edit.getSnapshot()).toMatchObject({ phase: 'idle', draft: null });
  });

  it('puts the point back on Escape and saves nothing after it', async () => {
    const { edit, dragger, patch } = setUp();
    dragger.press('axial', 120, 100);
    dragger.move('axial', 140, 120, [20, 10, 5]);
    dragger.escape();
    await dragger.release();
    expect(patch).not.toHaveBeenCalled();
    expect(edit.getSnapshot().draft).toBeNull();
    expect(dragger.dragging).toBe(false);
  });

  it('grabs nothing of a landmark the user may not change, off the handles, in other panes or outside edit mode', () => {
    const theirs = { ...distance, id: 'e1000000-0000-4000-8000-000000000009', canEdit: false };
    const { edit, dragger } = setUp([theirs]);
    expect(dragger.press('axial', 100, 100)).toBe(false);
    const mine = setUp();
    expect(mine.dragger.press('axial', 150, 150)).toBe(false);
    expect(mine.dragger.press('coronal', 100, 100)).toBe(false);
    mine.edit.setEditMode(false);
    expect(mine.dragger.press('axial', 100, 100)).toBe(false);
    expect(edit.getSnapshot().draft).toBeNull();
  });

  it('ignores moves in another pane or off the volume', () => {
    const { dragger, points } = setUp();
    dragger.press('axial', 100, 100);
    dragger.move('coronal', 130, 130, [9, 9, 9]);
    dragger.move('axial', 130, 130, null);
    expect(points()).toEqual(distance.points);
  });

  it("moves a draft's own points without saving, and Escape restores them", async () => {
    const { edit, dragger, patch, points } = setUp([]);
    edit.initialise({
      analysisId: distance.analysisId,
      landmarkTypeId: null,
      name: '',
      geometryType: GeometryType.DISTANCE,
      viewType: ViewType.AXIAL,
    });
    edit.setPoints([
      [0, 0, 5],
      [10, 0, 5],
    ]);
    dragger.press('axial', 100, 100);
    dragger.move('axial', 90, 90, [-5, -5, 5]);
    await dragger.release();
    expect(patch).not.toHaveBeenCalled();
    expect(points()).toEqual([
      [-5, -5, 5],
      [10, 0, 5],
    ]);
    dragger.press('axial', 120, 100);
    dragger.move('axial', 130, 100, [15, 0, 5]);
    dragger.escape();
    expect(points()).toEqual([
      [-5, -5, 5],
      [10, 0, 5],
    ]);
  });

  it('keeps the moved points and the message when the save fails', async () => {
    const { edit, dragger } = setUp([distance], { failSave: true });
    dragger.press('axial', 120, 100);
    dragger.move('axial', 140, 100, [20, 0, 5]);
    await dragger.release();
    expect(edit.getSnapshot()).toMatchObject({ phase: 'placing', error: 'Server said no.' });
    expect(edit.getSnapshot().draft?.points[1]).toEqual([20, 0, 5]);
  });
});

describe('attachPointDragger', () => {
  function mount() {
    const harness = setUp();
    const container = document.createElement('div');
    const pane = document.createElement('div');
    pane.dataset.mprPane = 'axial';
    const canvas = document.createElement('canvas');
    pane.append(canvas);
    container.append(pane);
    document.body.append(container);
    // The pane's own tools listen for presses on the canvas, as Cornerstone does on its element.
    const toolPresses = vi.fn();
    canvas.addEventListener('mousedown', toolPresses);
    canvas.addEventListener('pointerdown', toolPresses);
    let world: [number, number, number] = [10, 0, 5];
    const engine = {
      getSnapshot: () => ({
        pointer: { pane: 'axial' as const, world },
        landmarks: { axial: harness.shapes('axial'), coronal: [], sagittal: [] },
      }),
      setPlacingPoints: () => undefined,
    };
    const detachPlacer = attachPointPlacer(container, engine, harness.edit);
    const detach = attachPointDragger(container, engine, harness.dragger);
    const at = (x: number, y: number) => ({ clientX: x, clientY: y, button: 0, bubbles: true });
    const press = (x: number, y: number) => {
      canvas.dispatchEvent(new PointerEvent('pointerdown', at(x, y)));
      canvas.dispatchEvent(new MouseEvent('mousedown', at(x, y)));
    };
    const moveTo = (x: number, y: number, to: [number, number, number]) => {
      world = to;
      canvas.dispatchEvent(new PointerEvent('pointermove', at(x, y)));
    };
    const release = (x: number, y: number) => canvas.dispatchEvent(new PointerEvent('pointerup', at(x, y)));
    const cleanUp = () => {
      detach();
      detachPlacer();
      container.remove();
    };
    return { ...harness, press, moveTo, release, toolPresses, detach, cleanUp };
  }

  it('drags a handle with the pointer, keeps the press from the pane tools and saves on release', async () => {
    const { press, moveTo, release, toolPresses, patch, cleanUp } = mount();
    press(120, 100);
    moveTo(130, 110, [15, 5, 5]);
    release(130, 110);
    await vi.waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0]?.[1].points).toEqual([
      [0, 0, 5],
      [15, 5, 5],
    ]);
    expect(toolPresses).not.toHaveBeenCalled();
    cleanUp();
  });

  it('leaves presses off the handles to the pane tools', () => {
    const { press, release, toolPresses, patch, edit, cleanUp } = mount();
    press(160, 160);
    release(160, 160);
    expect(toolPresses).toHaveBeenCalledTimes(2);
    expect(patch).not.toHaveBeenCalled();
    expect(edit.getSnapshot().draft).toBeNull();
    cleanUp();
  });

  it('restores the point on Escape, and a click on a handle neither saves nor adds a point', async () => {
    const { press, moveTo, release, patch, edit, points, cleanUp } = mount();
    press(120, 100);
    moveTo(140, 120, [20, 10, 5]);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(edit.getSnapshot().draft).toBeNull();
    release(140, 120);

    edit.beginMove(distance);
    press(120, 100);
    release(120, 100);
    await Promise.resolve();
    expect(points()).toEqual(distance.points);
    expect(patch).not.toHaveBeenCalled();
    cleanUp();
  });
});
