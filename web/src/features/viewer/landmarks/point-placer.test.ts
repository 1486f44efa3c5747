import { GeometryType, ViewType } from '@cardiomap/contract';
import { describe, expect, it, vi } from 'vitest';
import { LandmarkEditController } from './landmark-edit-controller.ts';
import { attachPointPlacer, type PointerSource } from './point-placer.ts';

type Pointer = ReturnType<PointerSource['getSnapshot']>['pointer'];

function setUp(pointer: Pointer) {
  const container = document.createElement('div');
  const placing: boolean[] = [];
  const engine = { getSnapshot: () => ({ pointer }), setPlacingPoints: (on: boolean) => placing.push(on) };
  const controller = new LandmarkEditController({ create: vi.fn(), patch: vi.fn() }, { canEdit: true });
  controller.setEditMode(true);
  const detach = attachPointPlacer(container, engine, controller);
  const click = (from = { x: 10, y: 10 }, to = from) => {
    container.dispatchEvent(new PointerEvent('pointerdown', { clientX: from.x, clientY: from.y }));
    container.dispatchEvent(new PointerEvent('pointerup', { clientX: to.x, clientY: to.y }));
  };
  const points = () => controller.getSnapshot().draft?.points;
  return { controller, click, points, detach, placing };
}

const axialDistance = {
  analysisId: 'a1000000-0000-4000-8000-000000000001',
  landmarkTypeId: null,
  name: '',
  geometryType: GeometryType.DISTANCE,
  viewType: ViewType.AXIAL,
};

describe('attachPointPlacer', () => {
  it('adds the point under the mouse on a click in the draft pane', () => {
    const { controller, click, points } = setUp({ pane: 'axial', world: [1.5, -2, 30] });
    controller.initialise(axialDistance);
    click();
    click();
    expect(points()).toEqual([
      [1.5, -2, 30],
      [1.5, -2, 30],
    ]);
  });

  it('stops adding points once the geometry has all it takes, as when a distance is opened to move', () => {
    const { controller, click, points } = setUp({ pane: 'axial', world: [4, 5, 6] });
    controller.initialise(axialDistance);
    click();
    click();
    click();
    expect(points()).toHaveLength(2);

    const curve = setUp({ pane: 'axial', world: [4, 5, 6] });
    curve.controller.initialise({ ...axialDistance, geometryType: GeometryType.OPEN_CURVE });
    for (let i = 0; i < 5; i += 1) curve.click();
    expect(curve.points()).toHaveLength(5);
  });

  it('ignores drags, other panes, clicks outside the volume and clicks while nothing is placed', () => {
    const inAxial = setUp({ pane: 'axial', world: [1, 2, 3] });
    inAxial.click();
    expect(inAxial.points()).toBeUndefined();
    inAxial.controller.initialise(axialDistance);
    inAxial.click({ x: 0, y: 0 }, { x: 20, y: 0 });
    expect(inAxial.points()).toEqual([]);

    const inCoronal = setUp({ pane: 'coronal', world: [1, 2, 3] });
    inCoronal.controller.initialise(axialDistance);
    inCoronal.click();
    expect(inCoronal.points()).toEqual([]);

    const outside = setUp(null);
    outside.controller.initialise(axialDistance);
    outside.click();
    expect(outside.points()).toEqual([]);
  });

  it('keeps the crosshairs still while any draft is placed, custom or predefined, and after it ends', () => {
    const { controller, placing, detach } = setUp({ pane: 'axial', world: [1, 2, 3] });
    expect(placing).toEqual([]);
    controller.initialise(axialDistance);
    expect(placing).toEqual([true]);
    controller.cancel();
    expect(placing).toEqual([true, false]);
    controller.initialise({
      ...axialDistance,
      landmarkTypeId: 'b1000000-0000-4000-8000-000000000001',
      name: 'Annulus',
    });
    expect(placing).toEqual([true, false, true]);
    // Leaving the MPR view mid-draft gives the crosshairs their button back.
    detach();
    expect(placing).toEqual([true, false, true, false]);
  });

  it('stops listening when detached', () => {
    const { controller, click, points, detach } = setUp({ pane: 'axial', world: [1, 2, 3] });
    controller.initialise(axialDistance);
    detach();
    click();
    expect(points()).toEqual([]);
  });
});
