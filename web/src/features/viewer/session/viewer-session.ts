import type { ViewerLoad } from '@cardiomap/contract';
import { fetchViewerLoadEarly } from '../api/early-viewer-load.ts';
import { signedObject } from '../api/signed-url-refresh.ts';
import type { ContourController } from '../contour/contour-controller.ts';
import type { MprEngine } from '../mpr/mpr-engine.ts';
import { startVolumeDownload, type VolumeDownload } from '../mpr/volume-download.ts';
import type { SceneEngine } from '../scene/scene-engine.ts';

/** What React reads of a session (useSyncExternalStore): replaced, with a new revision, on change. */
export interface ViewerSessionSnapshot {
  revision: number;
  studyId: string;
  /** The MPR panes' engine while they are mounted. */
  mprEngine: MprEngine | null;
  /** The 3D scene's engine while its viewport is mounted. */
  sceneEngine: SceneEngine | null;
  /** The MPR contour's controller while a user allowed to see it has the MPR view open. */
  contour: ContourController | null;
}

/** The session's leased objects: each is made on its first lease and destroyed after its last release. */
type LeasedKey = 'mprEngine' | 'sceneEngine' | 'contour';

/**
 * Everything the viewer holds for one study, from the start-up script's first request to the page's
 * last unmount: the viewer load's answer (asked for once), the volume's download (started once, by
 * whoever knows its URL first, and adopted by everyone after), the MPR engine, the 3D scene's engine,
 * the contour controller and their disposal. No React, no Cornerstone and no three.js here: the start-up script (boot.ts) opens the session before the app runs.
 */
export interface ViewerSession {
  readonly studyId: string;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ViewerSessionSnapshot;
  /** The start-up script's request for the viewer load; the app's query takes its answer (viewerLoad). */
  askViewerLoadEarly(accessToken: string, fetchFn?: typeof fetch): Promise<ViewerLoad | null>;
  /**
   * The viewer load: the start-up script's answer, once, where it got one; otherwise `ask` (the app's
   * request, which refreshes tokens and reports refusals). The viewer query's only fetcher.
   */
  viewerLoad(ask: () => Promise<ViewerLoad>): Promise<ViewerLoad>;
  /**
   * The volume's download: the running one when it is of `url`'s file (whatever its signature), else a new one (the first, or after
   * the last failed or was dropped unadopted). The only place a viewer download starts. Issue 28: each
   * cardiac phase is its own file; opening another phase's does not stop the default's (a download
   * nobody adopts is dropped after UNCLAIMED_MS, so switching back soon finds it still there).
   */
  openVolume(url: string, fetchFn?: typeof fetch): VolumeDownload;
  /**
   * The MPR panes hold the engine while mounted; it is made by `create` on the first lease. Once the
   * last lease is released and no new one came within the same turn (StrictMode unmounts and mounts
   * again at once), it leaves the snapshot but is kept, with its rendering engine and volume, for the
   * next lease (issue 30: 3D → MPR again draws nothing anew); it is destroyed with the session, or
   * after KEEP_MPR_ENGINE_MS without a lease (its volume and texture are not held on the 3D view for long).
   */
  leaseMprEngine(create: () => MprEngine): () => void;
  /** The 3D scene's viewport holds its engine while mounted, on the same terms as the MPR engine. */
  leaseSceneEngine(create: () => SceneEngine): () => void;
  /** The MPR contour holds its controller while shown, on the same terms as the MPR engine. */
  leaseContour(create: () => ContourController): () => void;
  /** The page holds the session while mounted; the last release (after the same grace) disposes it. */
  retain(): () => void;
  /** Destroys the engines and the contour controller and stops the download. */
  dispose(): void;
}

/** A lease released and not taken again within this long (ms) lets its object go. */
const RELEASE_GRACE_MS = 0;
/** The MPR engine, released (the 3D view opened), is kept this long (ms) for the MPR view's return. */
export const KEEP_MPR_ENGINE_MS = 5 * 60_000;

const LEASED_KEYS: readonly LeasedKey[] = ['mprEngine', 'sceneEngine', 'contour'];

export function createViewerSession(studyId: string, onDisposed: () => void = () => undefined): ViewerSession {
  let snapshot: ViewerSessionSnapshot = { revision: 0, studyId, mprEngine: null, sceneEngine: null, contour: null };
  const listeners = new Set<() => void>();
  let earlyLoad: Promise<ViewerLoad | null> | null = null;
  // By file (signedObject): one per cardiac phase opened.
  const downloads = new Map<string, VolumeDownload>();
  /** The MPR engine between its last release and the next lease (one study, one volume at a time). */
  let keptMprEngine: MprEngine | null = null;
  let keptTimer: ReturnType<typeof setTimeout> | undefined;
  const dropKeptMprEngine = () => {
    clearTimeout(keptTimer);
    keptMprEngine?.destroy();
    keptMprEngine = null;
  };
  const leases: Record<LeasedKey, ReturnType<typeof holder>> = {
    mprEngine: holder(() => {
      keptMprEngine = snapshot.mprEngine;
      if (!keptMprEngine) return;
      update({ mprEngine: null });
      keptTimer = setTimeout(dropKeptMprEngine, KEEP_MPR_ENGINE_MS);
    }),
    sceneEngine: holder(() => destroyLeased('sceneEngine')),
    contour: holder(() => destroyLeased('contour')),
  };
  const sessionLease = holder(() => dispose());
  let disposed = false;

  function update(change: Partial<Omit<ViewerSessionSnapshot, 'revision' | 'studyId'>>) {
    snapshot = { ...snapshot, ...change, revision: snapshot.revision + 1 };
    for (const listener of [...listeners]) listener();
  }

  function destroyLeased(key: LeasedKey) {
    const leased = snapshot[key];
    if (!leased) return;
    update({ [key]: null });
    leased.destroy();
  }

  function lease<K extends LeasedKey>(key: K, create: () => NonNullable<ViewerSessionSnapshot[K]>): () => void {
    if (disposed) throw new Error(`the viewer session of study ${studyId} was closed`);
    const release = leases[key].take();
    if (!snapshot[key]) {
      const kept = key === 'mprEngine' ? keptMprEngine : null;
      if (kept) {
        clearTimeout(keptTimer);
        keptMprEngine = null;
      }
      update({ [key]: kept ?? create() });
    }
    return release;
  }

  function dispose() {
    if (disposed) return;
    disposed = true;
    for (const key of LEASED_KEYS) leases[key].end();
    sessionLease.end();
    // The contour listens to the MPR engine: it goes first.
    destroyLeased('contour');
    destroyLeased('sceneEngine');
    destroyLeased('mprEngine');
    dropKeptMprEngine();
    for (const download of downloads.values()) download.abort();
    downloads.clear();
    earlyLoad = null;
    listeners.clear();
    onDisposed();
  }

  return {
    studyId,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    askViewerLoadEarly(accessToken, fetchFn) {
      earlyLoad = fetchViewerLoadEarly(studyId, accessToken, fetchFn);
      return earlyLoad;
    },
    async viewerLoad(ask) {
      const early = earlyLoad;
      earlyLoad = null;
      return (await early) ?? ask();
    },
    openVolume(url, fetchFn) {
      if (disposed) throw new Error(`the viewer session of study ${studyId} was closed`);
      // A refreshed viewer load signs the same file anew: the running download goes on.
      const file = signedObject(url);
      const running = downloads.get(file);
      if (running?.live) return running;
      for (const [key, download] of downloads) if (!download.live) downloads.delete(key);
      const download = startVolumeDownload(url, fetchFn);
      downloads.set(file, download);
      return download;
    },
    leaseMprEngine: (create) => lease('mprEngine', create),
    leaseSceneEngine: (create) => lease('sceneEngine', create),
    leaseContour: (create) => lease('contour', create),
    retain: () => sessionLease.take(),
    dispose,
  };
}

/**
 * Counts holders; `onEmpty` runs once the count has stayed at zero for RELEASE_GRACE_MS (a StrictMode
 * remount takes the lease again in the same turn, before the timer fires).
 */
function holder(onEmpty: () => void) {
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    take(): () => void {
      count++;
      clearTimeout(timer);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        count--;
        if (count > 0) return;
        clearTimeout(timer);
        timer = setTimeout(onEmpty, RELEASE_GRACE_MS);
      };
    },
    /** The session is going: no timer may fire after it. */
    end() {
      clearTimeout(timer);
      count = 0;
    },
  };
}
