import type { VolumeHeader } from '@cardiomap/domain';
import { createInflaterPool } from './inflater-pool.ts';
import { loadVolume } from './volume-loader.ts';

/**
 * One download of a study's volume file, started by its viewer session (session/viewer-session.ts) as
 * soon as the viewer load gives the URL — by the start-up script, while the 4 MB Cornerstone chunk is
 * still downloading and running: this module imports no Cornerstone. The MPR engine adopts the running
 * download instead of starting its own, and the early previews watch it, so the file is fetched once.
 */

export interface AdoptedSink {
  /** The header arrived; the array is the download's own (all slices, columns fastest). */
  begin(header: VolumeHeader, voxels: Int16Array): void;
  slicesLoaded(indices: number[]): void;
}

/** What a watcher sees of a running download: the voxels so far and which slices are in them. */
export interface DownloadView {
  header: VolumeHeader;
  voxels: Int16Array;
  /** 1 where a slice is in the voxels. */
  present: Uint8Array;
}

export interface DownloadWatcher {
  /** Slices arrived (or had, when the watch began). */
  slices(view: DownloadView): void;
  /** The download failed or was dropped: no more slices will come. */
  ended(): void;
}

export interface VolumeDownload {
  readonly url: string;
  /** False once it failed or was dropped: whoever needs the volume then starts a new download. */
  readonly live: boolean;
  /** True while someone has adopted it (the MPR engine, or the background phase stream). */
  readonly adopted: boolean;
  /**
   * Takes the download over: the sink first gets what already arrived, then the rest as it comes.
   * Aborting `signal` hands it back (a remount adopts it again) rather than cancelling it; unadopted,
   * it is dropped after a while. The promise settles with the download.
   */
  adopt(sink: AdoptedSink, signal: AbortSignal): Promise<VolumeHeader>;
  /**
   * Follows the download without taking it over: `watcher` gets the voxels whenever slices arrive (at
   * once if some already have) and hears when it ends. A watcher does not keep an unadopted download
   * alive. Returns the function that stops watching.
   */
  watch(watcher: DownloadWatcher): () => void;
  /** True for the first caller: whoever puts the first image on screen marks `cm:mpr:first-frame` once. */
  claimFirstFrame(): boolean;
  /** Stops the download (its session is gone). */
  abort(): void;
}

/** A download nobody adopts within this long (the user left the MPR view) is dropped. */
export const UNCLAIMED_MS = 20_000;

export function inflateWorkerCount(): number {
  return Math.min(4, Math.max(1, (navigator.hardwareConcurrency || 2) - 1));
}

/** Starts downloading the volume at `url`, with its own inflate workers. */
export function startVolumeDownload(url: string, fetchFn?: typeof fetch): VolumeDownload {
  const inflater = createInflaterPool(inflateWorkerCount());
  const abort = new AbortController();
  let header: VolumeHeader | undefined;
  let voxels: Int16Array | undefined;
  let present: Uint8Array | undefined;
  const arrived: number[] = [];
  let adopter: AdoptedSink | null = null;
  const watchers = new Set<DownloadWatcher>();
  let firstFrameClaimed = false;
  let live = true;
  let expiry: ReturnType<typeof setTimeout> | undefined;

  const view = (): DownloadView | null => (header && voxels && present ? { header, voxels, present } : null);
  const end = () => {
    live = false;
    clearTimeout(expiry);
    for (const watcher of watchers) watcher.ended();
    watchers.clear();
  };
  const expireLater = () => {
    clearTimeout(expiry);
    expiry = setTimeout(() => {
      if (adopter || !live) return;
      abort.abort();
      end();
    }, UNCLAIMED_MS);
  };

  // The sink's callbacks run once bytes arrive, after the variables above are set.
  const done = loadVolume({
    url,
    signal: abort.signal,
    inflate: inflater.inflate,
    ...(inflater.streamRest ? { streamRest: inflater.streamRest } : {}),
    ...(fetchFn ? { fetch: fetchFn } : {}),
    sink: {
      begin(given) {
        header = given;
        voxels = new Int16Array(given.dimensions[0] * given.dimensions[1] * given.dimensions[2]);
        present = new Uint8Array(given.dimensions[2]);
        adopter?.begin(given, voxels);
        return voxels;
      },
      slicesLoaded(indices) {
        arrived.push(...indices);
        for (const k of indices) (present as Uint8Array)[k] = 1;
        adopter?.slicesLoaded(indices);
        const current = view();
        if (current) for (const watcher of watchers) watcher.slices(current);
      },
    },
  });
  done.then(
    // A finished download still expires unadopted: its voxels are the size of the volume.
    () => inflater.dispose(),
    () => {
      inflater.dispose();
      // A failed download is not kept: the next one to need the volume starts afresh and reports the error.
      end();
    },
  );
  expireLater();

  return {
    url,
    get live() {
      return live;
    },
    get adopted() {
      return adopter !== null;
    },
    adopt(sink, signal) {
      if (signal.aborted) return done;
      // One adopter at a time: a newer one replaces an older that did not let go.
      adopter = sink;
      clearTimeout(expiry);
      if (header && voxels) {
        sink.begin(header, voxels);
        if (arrived.length) sink.slicesLoaded([...arrived]);
      }
      signal.addEventListener(
        'abort',
        () => {
          if (adopter !== sink) return;
          adopter = null;
          if (live) expireLater();
        },
        { once: true },
      );
      return done;
    },
    watch(watcher) {
      if (!live) {
        watcher.ended();
        return () => undefined;
      }
      watchers.add(watcher);
      const current = arrived.length ? view() : null;
      if (current) watcher.slices(current);
      return () => watchers.delete(watcher);
    },
    claimFirstFrame() {
      if (firstFrameClaimed) return false;
      firstFrameClaimed = true;
      return true;
    },
    abort() {
      abort.abort();
      end();
    },
  };
}
