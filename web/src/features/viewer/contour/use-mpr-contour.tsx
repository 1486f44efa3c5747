import type { AnalysisResource, ViewerLoad } from '@cardiomap/contract';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import type { MprEngine } from '../mpr/index.ts';
import type { PaneId } from '../mpr/mpr-settings.ts';
import { useViewerSession } from '../session/viewer-session-context.ts';
import { ContourPaneLayer } from './ContourPaneLayer.tsx';
import { ContourToggle } from './ContourToggle.tsx';
import { type ContourSource, createContourController } from './contour-controller.ts';
import { useContourSource } from './use-contour-source.ts';

/** What the MPR panes show of the contour: the toolbar's toggle and each pane's outline. */
export interface MprContourSlots {
  toolbar(): ReactNode;
  paneLayer(pane: PaneId): ReactNode;
}

const noSubscription = () => () => undefined;

const sourceOf = (resource: AnalysisResource): ContourSource => ({
  id: resource.id,
  name: resource.name,
  filename: resource.filename,
  mimeType: resource.metadata.mimeType,
  readUrl: resource.readUrl,
});

/**
 * The contour toggle (issue 5 §4) for a user the viewer answer allows it (spec §6 canSeeContour); null
 * for anyone else, who never sees it. The viewer session's controller, leased while the MPR view is
 * mounted (StrictMode's remount keeps it and its mesh; the last release destroys it), fed the engine
 * and the study's Atrium or Aorta result.
 */
export function useMprContour(engine: MprEngine | null, load: ViewerLoad): MprContourSlots | null {
  const allowed = load.permissions.canSeeContour;
  const source = useContourSource(load.study.id, load.analyses, allowed);
  const session = useViewerSession();
  const controller = useSyncExternalStore(session.subscribe, () => session.getSnapshot().contour);
  useEffect(() => (allowed ? session.leaseContour(() => createContourController()) : undefined), [session, allowed]);
  useEffect(() => {
    controller?.setEngine(engine);
  }, [controller, engine]);
  const resource = source.status === 'found' ? source.resource : null;
  useEffect(() => {
    controller?.setSource(resource && sourceOf(resource));
  }, [controller, resource]);
  const snapshot = useSyncExternalStore(
    controller?.subscribe ?? noSubscription,
    controller ? controller.getSnapshot : () => null,
  );
  if (!allowed || !controller || !snapshot) return null;
  return {
    toolbar: () => <ContourToggle source={source} snapshot={snapshot} onToggle={controller.setEnabled} />,
    paneLayer: (pane) => (snapshot.enabled ? <ContourPaneLayer pane={pane} path={snapshot.paths[pane]} /> : null),
  };
}
