import {
  type AnalysisResource,
  type FigureAttributes,
  type FigureCamera,
  type FigureView,
  figureAttributesSchema,
  type ViewerLoad,
} from '@cardiomap/contract';
import type { ViewerSession } from '../session/viewer-session.ts';

export const FIGURE_VIEW_LABELS: Record<FigureView, string> = {
  axial: 'Axial pane',
  coronal: 'Coronal pane',
  sagittal: 'Sagittal pane',
  '3d': '3D view',
};

/** The views the user can capture now: the MPR panes once they show the volume, the 3D scene while shown. */
export function capturableViews(session: ViewerSession): FigureView[] {
  const { mprEngine, sceneEngine } = session.getSnapshot();
  const views: FigureView[] = [];
  if (sceneEngine) views.push('3d');
  if (mprEngine?.getSnapshot().status === 'ready') views.push('axial', 'coronal', 'sagittal');
  return views;
}

/** The scene objects drawn from the preliminary model: staff see them, a figure never shows them (issue 30). */
export const preliminaryObjectIds = (load: ViewerLoad): ReadonlySet<string> =>
  new Set(load.config.visualisations.flatMap((v) => v.objects.filter((o) => o.isPreliminary).map((o) => o.id)));

/**
 * The view's image and camera now, from the session's engine; null when that view is not on screen.
 * A 3D figure leaves the `without` objects out: what goes into the clinician's report is analyst work only.
 */
export async function captureView(
  session: ViewerSession,
  view: FigureView,
  without: ReadonlySet<string> = new Set(),
): Promise<{ png: Blob; camera: FigureCamera } | null> {
  const { mprEngine, sceneEngine } = session.getSnapshot();
  if (view === '3d') return sceneEngine?.capture(without) ?? null;
  return mprEngine ? mprEngine.capturePane(view) : null;
}

/** A figure's caption, view and camera, when it was captured in the viewer. */
export const figureAttributesOf = (figure: AnalysisResource): FigureAttributes | null => {
  const parsed = figureAttributesSchema.safeParse(figure.attributes);
  return parsed.success ? parsed.data : null;
};

/** The viewer child that shows a figure's view. */
export const childOfView = (view: FigureView) => (view === '3d' ? '3dsurfaceviewer' : 'mprviewer');

/**
 * Brings the view back to a figure's camera: at once when its engine is ready, else as soon as it is
 * (the caller has opened the right view). Answers a function that stops waiting.
 */
export function restoreFigureView(session: ViewerSession, attributes: FigureAttributes): () => void {
  const apply = (): boolean => {
    const { mprEngine, sceneEngine } = session.getSnapshot();
    if (attributes.view === '3d') {
      if (!sceneEngine) return false;
      sceneEngine.restoreCamera(attributes.camera);
      return true;
    }
    if (mprEngine?.getSnapshot().status !== 'ready') return false;
    mprEngine.restorePane(attributes.view, attributes.camera);
    return true;
  };
  if (apply()) return () => undefined;
  let stopEngine: (() => void) | null = null;
  const stopSession = session.subscribe(() => {
    const engine = session.getSnapshot().mprEngine;
    if (attributes.view !== '3d' && engine && !stopEngine) {
      stopEngine = engine.subscribe(() => {
        if (apply()) stop();
      });
    }
    if (apply()) stop();
  });
  const stop = () => {
    stopSession();
    stopEngine?.();
  };
  return stop;
}
