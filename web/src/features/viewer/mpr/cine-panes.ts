import type { Point3, VolumeLevels } from '@cardiomap/domain';
import type { CinePane, CinePlayerDeps } from './cine-player.ts';
import type { PaneId } from './mpr-settings.ts';

/** What cine reads of a Cornerstone viewport. */
interface CineViewport {
  canvasToWorld(canvas: [number, number]): Point3 | number[];
}

/**
 * A pane as cine draws over it: the frames go in Cornerstone's viewport element (beside its canvas,
 * before the tools' SVG), over the pane's CSS size, along the viewport's plane (canvasToWorld).
 */
export function cinePaneOf(viewport: CineViewport, element: HTMLElement): CinePane | null {
  if (!element.clientWidth || !element.clientHeight) return null;
  return {
    host: element.querySelector<HTMLElement>(':scope > .viewport-element') ?? element,
    width: element.clientWidth,
    height: element.clientHeight,
    toWorld: (canvas) => viewport.canvasToWorld(canvas) as Point3,
  };
}

/**
 * What cine needs of the MPR engine (mpr-engine.ts implements it). Named here rather than imported, as
 * the engine imports this file.
 */
export interface CineSourceEngine {
  cinePane(pane: PaneId): CinePane | null;
  getSnapshot(): { levels: VolumeLevels };
  subscribe(listener: () => void): () => void;
  onPaneRendered(listener: (pane: PaneId) => void): () => void;
}

/** The cine player's view of the MPR engine: its panes, its levels, and when either changes. */
export function cineDepsOf(engine: CineSourceEngine) {
  return {
    pane: (pane) => engine.cinePane(pane),
    levels: () => engine.getSnapshot().levels,
    onViewChange(listener) {
      // A camera change (crosshairs, scroll, rotation, zoom, pan, resize) redraws the pane.
      const stopRendered = engine.onPaneRendered(() => listener());
      let levels = engine.getSnapshot().levels;
      const stopLevels = engine.subscribe(() => {
        const next = engine.getSnapshot().levels;
        if (next === levels) return;
        levels = next;
        listener();
      });
      return () => {
        stopRendered();
        stopLevels();
      };
    },
  } satisfies CinePlayerDeps;
}
