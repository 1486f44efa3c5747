import type { VolumeDownload } from '../mpr/volume-download.ts';
import { CINE_MEMORY_BUDGET_BYTES, type PhaseVolume, reduceInPlane, reductionFor } from './reduce-volume.ts';

/** A cardiac phase's volume file, as the viewer load lists it. */
export interface StreamPhase {
  id: string;
  url: string;
}

export type { PhaseVolume } from './reduce-volume.ts';

export interface PhaseStreamSnapshot {
  /** Phases wholly in memory, of all the study's. */
  ready: number;
  /** 1, or the in-plane factor the kept phases were reduced by to stay within the memory budget. */
  reduction: number;
  total: number;
  /** Phases given up on (their download failed again and again). */
  failed: number;
  /** ms from start() until the last phase was in; null until then. */
  allReadyMs: number | null;
}

export interface PhaseStream {
  /**
   * The shown phase's volume is complete: the other phases download from now on, one at a time (each
   * download already inflates on its own workers), in cardiac order after `firstId`.
   */
  start(firstId?: string): void;
  /** The phases in memory, in cardiac order. */
  readyVolumes(): PhaseVolume[];
  subscribe(listener: () => void): () => void;
  getSnapshot(): PhaseStreamSnapshot;
  /** Stops watching and lets go of the downloads and the voxel arrays (the user left the viewer). */
  dispose(): void;
}

/** A phase whose download is dropped this often is given up on. */
const MAX_ATTEMPTS = 3;

type Entry = StreamPhase & {
  status: 'waiting' | 'loading' | 'ready' | 'failed';
  attempts: number;
  volume: PhaseVolume | null;
  /** Stops watching its download and lets go of our adoption. */
  release(): void;
};

const noSink = { begin: () => undefined, slicesLoaded: () => undefined };

/**
 * Issue 28 §2: the volumes of the phases not shown stream in the background once the shown one is in,
 * so the first frame of the default phase does not share the network or the inflaters with them.
 * Each phase goes through the viewer session's `openVolume` (one download per file: a phase the user
 * switches to adopts the same download). A download nobody adopted is adopted here, so it is not
 * dropped as unclaimed; one the MPR engine adopted is only watched. When all phases at full resolution
 * would exceed the memory budget, each is kept reduced in-plane instead (reduce-volume.ts) and its
 * download is let go. No React, no Cornerstone.
 */
export function createPhaseStream(options: {
  phases: readonly StreamPhase[];
  openVolume(url: string): VolumeDownload;
  now?: () => number;
  /** Bytes all phases may take at full resolution; beyond it each is kept reduced (reduce-volume.ts). */
  memoryBudgetBytes?: number;
}): PhaseStream {
  const now = options.now ?? (() => performance.now());
  const entries: Entry[] = options.phases.map((phase) => ({
    ...phase,
    status: 'waiting',
    attempts: 0,
    volume: null,
    release: () => undefined,
  }));
  const listeners = new Set<() => void>();
  let snapshot: PhaseStreamSnapshot = { ready: 0, reduction: 1, total: entries.length, failed: 0, allReadyMs: null };
  /** Decided on the first phase in (phases share their geometry), then the same for all. */
  let reduction: number | null = null;
  let startedAt: number | null = null;
  let order: Entry[] = entries;
  let disposed = false;

  function publish() {
    const ready = entries.filter((entry) => entry.status === 'ready').length;
    const failed = entries.filter((entry) => entry.status === 'failed').length;
    const allReadyMs =
      snapshot.allReadyMs ?? (ready === entries.length && startedAt !== null ? now() - startedAt : null);
    const factor = reduction ?? 1;
    if (
      ready === snapshot.ready &&
      failed === snapshot.failed &&
      allReadyMs === snapshot.allReadyMs &&
      factor === snapshot.reduction
    )
      return;
    if (allReadyMs !== null && snapshot.allReadyMs === null) performance.mark('cm:phases:all-ready');
    snapshot = { ready, reduction: factor, total: entries.length, failed, allReadyMs };
    for (const listener of [...listeners]) listener();
  }

  function pump() {
    if (disposed || order.some((entry) => entry.status === 'loading')) return;
    const next = order.find((entry) => entry.status === 'waiting');
    if (next) load(next);
    publish();
  }

  function load(entry: Entry) {
    entry.status = 'loading';
    entry.attempts++;
    const download = options.openVolume(entry.url);
    const hold = new AbortController();
    let stopWatching: (() => void) | null = null;
    let settled = false;
    const settle = (status: Entry['status'], volume: PhaseVolume | null) => {
      if (settled) return;
      settled = true;
      stopWatching?.();
      entry.status = status;
      if (volume) {
        reduction ??= reductionFor(
          volume.voxels.byteLength,
          entries.length,
          options.memoryBudgetBytes ?? CINE_MEMORY_BUDGET_BYTES,
        );
      }
      entry.volume = volume && reduceInPlane(volume, reduction ?? 1);
      // Held while ready and whole (it owns the same voxel array, nothing more): switching to the phase
      // then adopts it with no request. A reduced one is let go, or the full array would stay too: a
      // switch to that phase downloads it again. A failed one is let go.
      if (status !== 'ready' || (reduction ?? 1) > 1) hold.abort();
      // Later in the turn: the watch may be reporting from inside watch() itself.
      queueMicrotask(pump);
    };
    entry.release = () => {
      settled = true;
      stopWatching?.();
      hold.abort();
    };
    // Its outcome reaches this entry through watch() below (status 'failed'): the promise adds nothing.
    if (!download.adopted) void download.adopt(noSink, hold.signal).catch(() => undefined);
    stopWatching = download.watch({
      slices({ header, voxels, present }) {
        if (present.every((isIn) => isIn === 1)) settle('ready', { id: entry.id, header, voxels });
      },
      ended() {
        settle(entry.attempts >= MAX_ATTEMPTS ? 'failed' : 'waiting', null);
      },
    });
    if (settled) stopWatching();
  }

  return {
    start(firstId) {
      if (startedAt !== null || disposed) return;
      startedAt = now();
      const first = Math.max(
        0,
        entries.findIndex((entry) => entry.id === firstId),
      );
      order = [...entries.slice(first), ...entries.slice(0, first)];
      pump();
    },
    readyVolumes: () => entries.flatMap((entry) => (entry.status === 'ready' && entry.volume ? [entry.volume] : [])),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const entry of entries) {
        entry.release();
        entry.volume = null;
      }
      listeners.clear();
    },
  };
}
