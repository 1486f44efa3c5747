import { ViewType } from '@cardiomap/contract';
import { requiredPointCount } from '@cardiomap/domain';
import type { LandmarkEditController } from './landmark-edit-controller.ts';

/**
 * What the placer uses of the MPR engine: the patient point under the mouse and its pane, and the
 * switch that keeps a placing click from moving the crosshairs.
 */
export interface PointerSource {
  getSnapshot(): { pointer: { pane: 'axial' | 'coronal' | 'sagittal'; world: [number, number, number] } | null };
  setPlacingPoints(placing: boolean): void;
}

const PANE_VIEW_TYPES = { sagittal: ViewType.SAGITTAL, coronal: ViewType.CORONAL, axial: ViewType.AXIAL } as const;

/** A press that moves further than this is a drag (scroll, pan, crosshairs), not a placed point. */
const CLICK_TOLERANCE_PX = 4;

/**
 * Engine integration of landmark placing, outside React: while a draft is being placed, a click (not a
 * drag) in the draft's pane adds the patient point the engine reports under the mouse, until the
 * geometry has all the points it takes (a distance two, an angle three): past that, and when an
 * existing landmark is opened to move its points, the points are dragged instead. Returns the function
 * that stops listening.
 */
export function attachPointPlacer(
  container: HTMLElement,
  engine: PointerSource,
  controller: LandmarkEditController,
): () => void {
  let pressed: { x: number; y: number } | null = null;
  const onDown = (event: PointerEvent) => {
    pressed = { x: event.clientX, y: event.clientY };
  };
  const onUp = (event: PointerEvent) => {
    const start = pressed;
    pressed = null;
    if (!start || Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_TOLERANCE_PX) return;
    const { phase, draft } = controller.getSnapshot();
    const pointer = engine.getSnapshot().pointer;
    if (phase !== 'placing' || !draft || !pointer || PANE_VIEW_TYPES[pointer.pane] !== draft.viewType) return;
    if (draft.points.length >= requiredPointCount(draft.geometryType).max) return;
    controller.setPoints([...draft.points, [...pointer.world]]);
  };
  // While a draft is open its clicks are points, for a custom landmark as for a predefined one: the
  // crosshairs' tool, which jumps to any press, gives the left button up until the draft ends.
  let placing = false;
  const follow = () => {
    const { phase, draft } = controller.getSnapshot();
    const next = phase === 'placing' && draft !== null;
    if (next === placing) return;
    placing = next;
    engine.setPlacingPoints(next);
  };
  follow();
  const unsubscribe = controller.subscribe(follow);
  container.addEventListener('pointerdown', onDown);
  container.addEventListener('pointerup', onUp);
  return () => {
    unsubscribe();
    if (placing) engine.setPlacingPoints(false);
    container.removeEventListener('pointerdown', onDown);
    container.removeEventListener('pointerup', onUp);
  };
}
