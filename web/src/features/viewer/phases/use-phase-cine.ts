import type { ViewerPhase } from '@cardiomap/contract';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { signedObject } from '../api/signed-url-refresh.ts';
import { cineDepsOf } from '../mpr/cine-panes.ts';
import { type CinePlayer, type CineStats, createCinePlayer } from '../mpr/cine-player.ts';
import { useViewerSession } from '../session/viewer-session-context.ts';
import { createPhaseStream, type PhaseStream, type PhaseStreamSnapshot } from './phase-stream.ts';

/** Issue 28 §2: cine plays and pauses with this key (the viewer has no other single-letter shortcut). */
export const CINE_SHORTCUT = 'p';

export interface PhaseCine {
  /** The other phases' background download; null for a single-phase study. */
  progress: PhaseStreamSnapshot | null;
  /** Every phase is in memory and the MPR panes show the volume. */
  canPlay: boolean;
  playing: boolean;
  player: CinePlayer | null;
  toggle(): void;
}

const noSubscription = () => () => undefined;

type CineWindow = Window & {
  __cmViewer?: Record<string, unknown> & {
    cine?: { progress(): PhaseStreamSnapshot | null; stats(): CineStats | null; playing(): boolean };
  };
};

/**
 * The header's cine (issue 28 §2): once the MPR panes have the shown phase's whole volume, the other
 * phases stream in the background (phase-stream.ts); once all are in, `toggle` (or the P key) loops
 * them over the panes (cine-player.ts). Pausing, choosing a phase or leaving the MPR view returns the
 * panes to the selected phase; leaving the viewer drops the other phases' voxels.
 */
export function usePhaseCine(phases: readonly ViewerPhase[], current: ViewerPhase | null): PhaseCine {
  const session = useViewerSession();
  const engine = useSyncExternalStore(session.subscribe, () => session.getSnapshot().mprEngine);
  // The stream lives as long as the study's files: a refreshed signature opens the latest link.
  const latestUrls = useRef(new Map<string, string>());
  useEffect(() => {
    for (const phase of phases) {
      const url = phase.attributes.readUrl;
      if (url) latestUrls.current.set(signedObject(url), url);
    }
  }, [phases]);
  const files = phases.flatMap((phase) =>
    phase.attributes.readUrl ? [`${phase.id} ${signedObject(phase.attributes.readUrl)}`] : [],
  );
  const filesKey = files.length > 1 ? files.join('\n') : '';

  const [stream, setStream] = useState<PhaseStream | null>(null);
  useEffect(() => {
    if (!filesKey) return;
    const created = createPhaseStream({
      phases: filesKey.split('\n').map((line) => {
        const [id = '', url = ''] = line.split(' ');
        return { id, url };
      }),
      openVolume: (file) => session.openVolume(latestUrls.current.get(file) ?? file),
    });
    setStream(created);
    return () => {
      created.dispose();
      setStream(null);
    };
  }, [session, filesKey]);

  // The shown phase's whole volume is on screen: its first frame is out of the way.
  const complete = useSyncExternalStore(
    engine?.subscribe ?? noSubscription,
    () => engine?.getSnapshot().completeMs != null,
  );
  const currentId = current?.id;
  useEffect(() => {
    if (complete) stream?.start(currentId);
  }, [complete, stream, currentId]);
  const progress = useSyncExternalStore(stream?.subscribe ?? noSubscription, () => stream?.getSnapshot() ?? null);

  const [player, setPlayer] = useState<CinePlayer | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!engine) return;
    const created = createCinePlayer(cineDepsOf(engine));
    setPlayer(created);
    return () => {
      created.destroy();
      setPlayer(null);
      setPlaying(false);
    };
  }, [engine]);
  // Another phase chosen: cine stops on it.
  useEffect(() => {
    if (!currentId) return;
    player?.pause();
    setPlaying(false);
  }, [player, currentId]);

  const canPlay = Boolean(player && complete && progress && progress.ready === progress.total);
  const toggle = useCallback(() => {
    if (!player) return;
    if (player.playing) {
      player.pause();
      setPlaying(false);
    } else if (canPlay && stream) {
      player.play(stream.readyVolumes(), currentId);
      setPlaying(player.playing);
    }
  }, [player, canPlay, stream, currentId]);

  useEffect(() => {
    if (!filesKey) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== CINE_SHORTCUT || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [filesKey, toggle]);

  useEffect(() => {
    if (!stream) return;
    const target = window as CineWindow;
    const readout = {
      progress: () => stream.getSnapshot(),
      stats: () => player?.stats() ?? null,
      playing: () => player?.playing ?? false,
    };
    target.__cmViewer = { ...target.__cmViewer, cine: readout };
    return () => {
      if (target.__cmViewer?.cine === readout) delete target.__cmViewer.cine;
    };
  }, [stream, player]);

  return { progress, canPlay, playing, player, toggle };
}

/** A key typed into a field, or into a control that uses letters (a select's type-ahead), is not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    ['combobox', 'listbox', 'option', 'textbox', 'menuitem'].includes(target.getAttribute('role') ?? '')
  );
}
