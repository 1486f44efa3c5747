import type { Landmark, Vec3 } from '@cardiomap/contract';
import type { PaneId, PaneLandmarkShape } from '../mpr/index.ts';
import { DRAFT_LANDMARK_ID } from '../mpr-landmarks.ts';
import type { LandmarkEditController } from './landmark-edit-controller.ts';

/** How near (CSS px) a press must be to a drawn point to grab it: a little more than the handle. */
export const HANDLE_GRAB_RADIUS_PX = 8;

/** A press that moves no further than this is a click: it moves nothing and saves nothing. */
const CLICK_TOLERANCE_PX = 4;

export interface PointHandle {
  landmarkId: string;
  pointIndex: number;
}

/** The drawn point of a draggable landmark nearest to a press in a pane (CSS px), if within reach. */
export function handleAt(shapes: readonly PaneLandmarkShape[], x: number, y: number): PointHandle | null {
  let best: PointHandle | null = null;
  let bestDistance = HANDLE_GRAB_RADIUS_PX;
  for (const shape of shapes) {
    if (!shape.draggable) continue;
    shape.points.forEach((point, pointIndex) => {
      const distance = point ? Math.hypot(point[0] - x, point[1] - y) : Number.POSITIVE_INFINITY;
      if (distance <= bestDistance) {
        best = { landmarkId: shape.id, pointIndex };
        bestDistance = distance;
      }
    });
  }
  return best;
}

/** What the dragger reads: each pane's drawn shapes (the engine's world→canvas) and the landmarks shown. */
export interface DragSource {
  shapes(pane: PaneId): readonly PaneLandmarkShape[];
  landmark(id: string): Landmark | undefined;
}

interface Drag {
  pane: PaneId;
  pointIndex: number;
  start: { x: number; y: number };
  moved: boolean;
  /** Dragging a saved landmark's point saves on release; dragging a draft's point leaves saving to the draft bar. */
  savesOnRelease: boolean;
  /** The draft's points before the drag, for Escape. */
  before: Vec3[];
}

/**
 * Moving a landmark point by dragging its handle in a pane (issue 5 §4 "move points"), as a plain
 * controller over the landmark edit controller: a press on a handle starts moving that landmark (the
 * server's canEdit decides, through beginMove), each move puts the point at the patient position the
 * engine reports under the mouse, release saves through the edit controller's PATCH, and Escape — or a
 * click that never moved — puts everything back. Pane coordinates are CSS px from the pane's corner.
 */
export class PointDragController {
  private drag: Drag | null = null;

  constructor(
    private readonly edit: LandmarkEditController,
    private readonly source: DragSource,
  ) {}

  get dragging(): boolean {
    return this.drag !== null;
  }

  /** Answers whether the press grabbed a handle; if so the pane's own tools must not see it. */
  press(pane: PaneId, x: number, y: number): boolean {
    const { editMode, phase, draft } = this.edit.getSnapshot();
    if (!editMode || phase === 'saving' || this.drag) return false;
    const hit = handleAt(this.source.shapes(pane), x, y);
    if (!hit) return false;
    let savesOnRelease = false;
    if (draft) {
      // While a draft is worked on, only its own points move; other landmarks wait for it to end.
      if (hit.landmarkId !== (draft.landmarkId ?? DRAFT_LANDMARK_ID)) return false;
    } else {
      const landmark = this.source.landmark(hit.landmarkId);
      if (!landmark) return false;
      this.edit.beginMove(landmark);
      if (this.edit.getSnapshot().draft?.landmarkId !== landmark.id) return false;
      savesOnRelease = true;
    }
    const before = this.edit.getSnapshot().draft?.points ?? [];
    this.drag = { pane, pointIndex: hit.pointIndex, start: { x, y }, moved: false, savesOnRelease, before };
    return true;
  }

  /** The mouse is at (x, y) in `pane`, over patient point `world` (null when the engine has none there). */
  move(pane: PaneId, x: number, y: number, world: Vec3 | null): void {
    const drag = this.drag;
    if (!drag || pane !== drag.pane || !world) return;
    if (!drag.moved && Math.hypot(x - drag.start.x, y - drag.start.y) <= CLICK_TOLERANCE_PX) return;
    const draft = this.edit.getSnapshot().draft;
    if (!draft) return;
    drag.moved = true;
    const moved: Vec3 = [world[0], world[1], world[2]];
    this.edit.setPoints(draft.points.map((point, k) => (k === drag.pointIndex ? moved : point)));
  }

  /** Ends the drag: a moved point of a saved landmark is saved (PATCH), a mere click changes nothing. */
  async release(): Promise<void> {
    const drag = this.drag;
    this.drag = null;
    if (!drag?.savesOnRelease) return;
    if (drag.moved) await this.edit.save();
    else this.edit.cancel();
  }

  /** Escape during a drag: the point goes back where it was, nothing is saved. */
  escape(): void {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    if (drag.savesOnRelease) this.edit.cancel();
    else this.edit.setPoints(drag.before);
  }
}

/** What the DOM glue reads of the MPR engine: the patient point under the mouse and the drawn shapes. */
export interface DragEngine {
  getSnapshot(): {
    pointer: { pane: PaneId; world: [number, number, number] } | null;
    landmarks: Record<PaneId, PaneLandmarkShape[]>;
  };
}

/** Panes carry `data-mpr-pane` (MprPanes); a press elsewhere in the container is not a pane's. */
const paneElementOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('[data-mpr-pane]') : null;

/**
 * Wires a PointDragController to the MPR container. A press on a handle is taken in the capture phase
 * and stopped there, so neither the pane's Cornerstone tools (crosshairs, pan, W/L: they listen to
 * mousedown, which a cancelled pointerdown also suppresses) nor the point placer act on it. Moves are
 * read on the window after the engine has updated its pointer for them. Returns the function that
 * stops listening.
 */
export function attachPointDragger(
  container: HTMLElement,
  engine: DragEngine,
  dragger: PointDragController,
): () => void {
  let pane: { id: PaneId; element: HTMLElement } | null = null;
  // A double click on a handle is two presses on it, not a request to maximise the pane.
  let lastPressGrabbed = false;
  const local = (element: HTMLElement, event: MouseEvent) => {
    const rect = element.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onDown = (event: PointerEvent) => {
    lastPressGrabbed = false;
    // Ctrl+left pans in every tool mode; other buttons keep their tools.
    if (event.button !== 0 || event.ctrlKey) return;
    const element = paneElementOf(event.target);
    const id = element?.dataset.mprPane as PaneId | undefined;
    if (!element || !id) return;
    const { x, y } = local(element, event);
    if (!dragger.press(id, x, y)) return;
    lastPressGrabbed = true;
    pane = { id, element };
    event.preventDefault();
    event.stopPropagation();
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey, true);
  };
  const onMove = (event: PointerEvent) => {
    if (!pane) return;
    const pointer = engine.getSnapshot().pointer;
    const { x, y } = local(pane.element, event);
    dragger.move(pane.id, x, y, pointer?.pane === pane.id ? pointer.world : null);
  };
  const stop = () => {
    pane = null;
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    window.removeEventListener('keydown', onKey, true);
  };
  const onUp = () => {
    stop();
    void dragger.release();
  };
  const onCancel = () => {
    stop();
    dragger.escape();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Taken before the panes' own Escape (restore a maximised pane): this Escape only undoes the drag.
    event.stopPropagation();
    onCancel();
  };
  const blockWhileDragging = (event: Event) => {
    if (dragger.dragging) event.stopPropagation();
  };
  const blockDoubleClick = (event: Event) => {
    if (lastPressGrabbed) event.stopPropagation();
  };

  container.addEventListener('pointerdown', onDown, true);
  container.addEventListener('mousedown', blockWhileDragging, true);
  container.addEventListener('mousemove', blockWhileDragging, true);
  container.addEventListener('dblclick', blockDoubleClick, true);
  return () => {
    // Panes going away mid-drag (leaving the MPR view) must not leave a half-moved point behind.
    if (dragger.dragging) onCancel();
    else stop();
    container.removeEventListener('pointerdown', onDown, true);
    container.removeEventListener('mousedown', blockWhileDragging, true);
    container.removeEventListener('mousemove', blockWhileDragging, true);
    container.removeEventListener('dblclick', blockDoubleClick, true);
  };
}
