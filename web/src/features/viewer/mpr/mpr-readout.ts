import { getEnabledElementByViewportId, type Types } from '@cornerstonejs/core';
import type { MprEngine, MprSnapshot } from './mpr-engine.ts';
import type { PaneId } from './mpr-settings.ts';

/**
 * `window.__cmViewer.mpr`, for e2e specs and bench/viewer to wait on engine state instead of sleeping:
 *
 *   window.__cmViewer.mpr.snapshot()  the engine's current MprSnapshot: status, progress
 *                                     {loaded,total} slices, firstFrameMs, completeMs, levels, toolMode,
 *                                     interpolationType, panes.{axial,coronal,sagittal} (sliceIndex,
 *                                     sliceCount, positionMm, zoom, labels), pointer (pane, world, hu).
 *   window.__cmViewer.mpr.viewport(p) the pane's Cornerstone viewport (ids 'axial', 'coronal', 'sagittal'),
 *                                     for geometry specs: worldToCanvas, getCamera, setCamera.
 *
 * Timing marks: performance.mark 'cm:mpr:load-start', 'cm:mpr:first-frame', 'cm:mpr:volume-complete';
 * issue 30's phases: 'cm:mpr:engine-init-start' / '-end', 'cm:mpr:volume-set', 'cm:mpr:engine-frame'
 * (the first slice Cornerstone drew), 'cm:mpr:chunk-asked' / '-run', 'cm:mpr:warm-start' / '-end',
 * 'cm:mpr:gl-warm-start' / '-end' (the spare rendering engine's draw, mpr-warm.ts).
 * Other viewer parts may add their own keys beside `mpr`.
 */
export interface MprReadout {
  snapshot(): MprSnapshot;
  /**
   * Where a patient point must appear (worldToCanvas) and the camera that decides it, for e2e geometry
   * checks; setCamera turns a pane obliquely as the crosshairs' rotate handles do. Never used by the app.
   */
  viewport(pane: PaneId): Types.IVolumeViewport | undefined;
}

type ViewerWindow = Window & { __cmViewer?: { mpr?: MprReadout } & Record<string, unknown> };

/** Publishes the engine's read-out; returns the function that withdraws it (if still this engine's). */
export function exposeMprReadout(engine: MprEngine): () => void {
  const target = window as ViewerWindow;
  const readout: MprReadout = {
    snapshot: () => engine.getSnapshot(),
    viewport: (pane) => getEnabledElementByViewportId(pane)?.viewport as Types.IVolumeViewport | undefined,
  };
  target.__cmViewer = { ...target.__cmViewer, mpr: readout };
  return () => {
    if (target.__cmViewer?.mpr === readout) delete target.__cmViewer.mpr;
  };
}
