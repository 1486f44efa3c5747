import { type RefObject, useEffect, useSyncExternalStore } from 'react';
import { useViewerSession } from '../session/viewer-session-context.ts';
import { createMprEngine, type MprSnapshot, type MprVolumeProps } from './mpr-engine.ts';
import { exposeMprReadout } from './mpr-readout.ts';
import { PANE_IDS, type PaneId } from './mpr-settings.ts';

const noSubscription = () => () => undefined;

/**
 * The viewer session's MPR engine for a mounted component: leased while mounted (StrictMode's
 * unmount and remount keep the same engine and its download; the last release destroys it), attached
 * to the pane elements, fed the volume props, and read through useSyncExternalStore.
 */
export function useMprEngine(panes: RefObject<Partial<Record<PaneId, HTMLDivElement | null>>>, volume: MprVolumeProps) {
  const session = useViewerSession();
  const engine = useSyncExternalStore(session.subscribe, () => session.getSnapshot().mprEngine);

  useEffect(() => session.leaseMprEngine(() => createMprEngine({ openVolume: session.openVolume })), [session]);
  useEffect(() => (engine ? exposeMprReadout(engine) : undefined), [engine]);

  const { volumeUrl, interpolationType } = volume;
  const windowCenter = volume.levels?.windowCenter;
  const windowWidth = volume.levels?.windowWidth;
  useEffect(() => {
    const levels = windowCenter === undefined || windowWidth === undefined ? null : { windowCenter, windowWidth };
    engine?.setVolume({ volumeUrl, levels, interpolationType });
  }, [engine, volumeUrl, windowCenter, windowWidth, interpolationType]);

  // After setVolume: the volume's first requests are under way while attach builds the rendering engine.
  useEffect(() => {
    const elements = panes.current;
    if (!engine || !PANE_IDS.every((pane) => elements[pane])) return;
    engine.attach(elements as Record<PaneId, HTMLDivElement>);
    return () => engine.detach();
  }, [engine, panes]);

  const snapshot = useSyncExternalStore<MprSnapshot | null>(
    engine?.subscribe ?? noSubscription,
    engine ? engine.getSnapshot : () => null,
  );
  return { engine, snapshot };
}
