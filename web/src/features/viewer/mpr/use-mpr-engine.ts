import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';
import { createMprEngine, type MprEngine, type MprSnapshot, type MprVolumeProps } from './mpr-engine.ts';
import { exposeMprReadout } from './mpr-readout.ts';
import { PANE_IDS, type PaneId } from './mpr-settings.ts';

const noSubscription = () => () => undefined;

/**
 * Owns one MPR engine for a mounted component: created in an effect (StrictMode's second mount gets a
 * fresh one; the first is destroyed and its load aborted), attached to the pane elements, fed the
 * volume props, and read through useSyncExternalStore.
 */
export function useMprEngine(panes: RefObject<Partial<Record<PaneId, HTMLDivElement | null>>>, volume: MprVolumeProps) {
  const [engine, setEngine] = useState<MprEngine | null>(null);

  useEffect(() => {
    const created = createMprEngine();
    const withdraw = exposeMprReadout(created);
    setEngine(created);
    return () => {
      withdraw();
      created.destroy();
      setEngine(null);
    };
  }, []);

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
