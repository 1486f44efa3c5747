import type { VolumeHeader } from '@cardiomap/domain';
import { createInflaterPool } from './inflater-pool.ts';
import { loadVolume } from './volume-loader.ts';

/**
 * The volume's download, started as soon as the viewer load gives its URL, while the 4 MB Cornerstone
 * chunk is still downloading and running: this module imports no Cornerstone. The MPR engine adopts
 * the running download (adoptVolume) instead of starting its own, so the file is fetched once.
 */

export interface AdoptedSink {
  /** The header arrived; the array is the prefetch's own (all slices, columns fastest). */
  begin(header: VolumeHeader, voxels: Int16Array): void;
  slicesLoaded(indices: number[]): void;
}

/** What a watcher sees of a running download: the voxels so far and which slices are in them. */
export interface PrefetchView {
  header: VolumeHeader;
  voxels: Int16Array;
  /** 1 where a slice is in the voxels. */
  present: Uint8Array;
}

export interface PrefetchWatcher {
  /** Slices arrived (or had, when the watch began). */
  slices(view: PrefetchView): void;
  /** The download failed or was dropped: no more slices will come. */
  ended(): void;
}

interface Prefetch {
  abort: AbortController;
  header?: VolumeHeader;
  voxels?: Int16Array;
  present?: Uint8Array;
  arrived: number[];
  adopter: AdoptedSink | null;
  /** Followers that draw from the voxels without taking the download over (the early preview). */
  watchers: Set<PrefetchWatcher>;
  /** Set by the first view of this download on screen, so the page marks its first frame once. */
  firstFrameClaimed: boolean;
  done: Promise<VolumeHeader>;
  /** Aborts a download nobody adopted. */
  expiry: ReturnType<typeof setTimeout> | undefined;
}

/** A download nobody adopts within this long (the user left the MPR view) is dropped. */
const UNCLAIMED_MS = 20_000;

const prefetches = new Map<string, Prefetch>();

export function inflateWorkerCount(): number {
  return Math.min(4, Math.max(1, (navigator.hardwareConcurrency || 2) - 1));
}

/** Starts downloading the volume at `url` unless it already is. */
export function prefetchVolume(url: string, fetchFn?: typeof fetch): void {
  if (prefetches.has(url)) return;
  const inflater = createInflaterPool(inflateWorkerCount());
  const abort = new AbortController();
  // The sink's callbacks run once bytes arrive, after `entry` is assigned.
  const entry: Prefetch = {
    abort,
    arrived: [],
    adopter: null,
    watchers: new Set(),
    firstFrameClaimed: false,
    expiry: undefined,
    done: loadVolume({
      url,
      signal: abort.signal,
      inflate: inflater.inflate,
      ...(inflater.streamRest ? { streamRest: inflater.streamRest } : {}),
      ...(fetchFn ? { fetch: fetchFn } : {}),
      sink: {
        begin(header) {
          const voxels = new Int16Array(header.dimensions[0] * header.dimensions[1] * header.dimensions[2]);
          entry.header = header;
          entry.voxels = voxels;
          entry.present = new Uint8Array(header.dimensions[2]);
          entry.adopter?.begin(header, voxels);
          return voxels;
        },
        slicesLoaded(indices) {
          entry.arrived.push(...indices);
          for (const k of indices) (entry.present as Uint8Array)[k] = 1;
          entry.adopter?.slicesLoaded(indices);
          notifyWatchers(entry);
        },
      },
    }),
  };
  entry.done.then(
    () => inflater.dispose(),
    () => {
      inflater.dispose();
      // A failed download is not kept: the next adopter starts afresh and reports the error itself.
      if (prefetches.get(url) === entry) prefetches.delete(url);
      for (const watcher of entry.watchers) watcher.ended();
      entry.watchers.clear();
    },
  );
  prefetches.set(url, entry);
  expireLater(url, entry);
}

function expireLater(url: string, entry: Prefetch) {
  clearTimeout(entry.expiry);
  entry.expiry = setTimeout(() => {
    if (entry.adopter || prefetches.get(url) !== entry) return;
    prefetches.delete(url);
    entry.abort.abort();
  }, UNCLAIMED_MS);
}

/**
 * Takes over the download of `url` if one was started, else null: the sink first gets what already
 * arrived, then the rest as it comes. Aborting `signal` hands the download back (a remount adopts it
 * again) rather than cancelling it; unadopted, it is dropped after a while. The promise settles with
 * the download.
 */
export function adoptPrefetchedVolume(
  url: string,
  sink: AdoptedSink,
  signal: AbortSignal,
): Promise<VolumeHeader> | null {
  const entry = prefetches.get(url);
  if (!entry || signal.aborted) return null;
  // One adopter at a time: a newer one replaces an older that did not let go.
  entry.adopter = sink;
  clearTimeout(entry.expiry);
  if (entry.header && entry.voxels) {
    sink.begin(entry.header, entry.voxels);
    if (entry.arrived.length) sink.slicesLoaded([...entry.arrived]);
  }
  signal.addEventListener(
    'abort',
    () => {
      if (entry.adopter !== sink) return;
      entry.adopter = null;
      expireLater(url, entry);
    },
    { once: true },
  );
  return entry.done;
}

/**
 * Follows the download of `url` without taking it over: `watcher` gets the voxels whenever slices
 * arrive (at once if some already have), and hears when it fails. Null when nothing is prefetched; call
 * the returned function to stop. A watcher does not keep an unadopted download alive.
 */
export function watchPrefetchedVolume(url: string, watcher: PrefetchWatcher): (() => void) | null {
  const entry = prefetches.get(url);
  if (!entry) return null;
  entry.watchers.add(watcher);
  if (entry.arrived.length) watcher.slices(viewOf(entry) as PrefetchView);
  return () => entry.watchers.delete(watcher);
}

/**
 * True for the first caller per download of `url` (and whenever nothing was prefetched): whoever puts
 * the first image on screen, the early preview or the engine, marks `cm:mpr:first-frame` once.
 */
export function claimFirstFrame(url: string): boolean {
  const entry = prefetches.get(url);
  if (!entry) return true;
  if (entry.firstFrameClaimed) return false;
  entry.firstFrameClaimed = true;
  return true;
}

function viewOf(entry: Prefetch): PrefetchView | null {
  if (!entry.header || !entry.voxels || !entry.present) return null;
  return { header: entry.header, voxels: entry.voxels, present: entry.present };
}

function notifyWatchers(entry: Prefetch) {
  const view = viewOf(entry);
  if (!view) return;
  for (const watcher of entry.watchers) watcher.slices(view);
}

/** Test hook: forgets every download (aborting them). */
export function resetVolumePrefetches(): void {
  for (const entry of prefetches.values()) {
    clearTimeout(entry.expiry);
    entry.abort.abort();
  }
  prefetches.clear();
}
