import type { VolumeHeader } from '@cardiomap/domain';
import type { Types } from '@cornerstonejs/core';
import { createMprVolume, fillAbsentWithAir, releaseMprVolume, slicesArrived } from './mpr-volume.ts';
import type { VolumeDownload } from './volume-download.ts';

/** What the controller hears of one volume's stream; nothing after the stream is released. */
export interface VolumeStreamEvents {
  /** The header arrived: size, levels and interpolation are known. */
  begin(header: VolumeHeader): void;
  /** The middle slices are in: the axial pane has a real image to show. */
  firstSlices(): void;
  /** More slices after the first ones. */
  moreSlices(): void;
  complete(): void;
  failed(error: unknown): void;
}

export interface MprVolumeStream {
  readonly url: string;
  /** Cornerstone's id of the volume (no 'scheme:' prefix: it would look for an image loader of that scheme). */
  readonly volumeId: string;
  readonly download: VolumeDownload;
  readonly startedAt: number;
  readonly header: VolumeHeader | undefined;
  /** The voxel array the slices stream into (the download's); Cornerstone's volume is built over it. */
  readonly voxels: Int16Array | undefined;
  /** 1 where a slice is in the voxels; the others are zeros until the volume is built, then air. */
  readonly present: Uint8Array | undefined;
  /** Slices in memory. */
  readonly loaded: number;
  readonly firstSlicesIn: boolean;
  readonly allSlicesIn: boolean;
  /** Cornerstone's volume, once built. */
  readonly volume: Types.IImageVolume | undefined;
  /** Slices in memory that Cornerstone's texture has not been told of yet. */
  readonly pending: number;
  /**
   * Cornerstone's volume over the voxel array, built once (a cached image per slice, air in the
   * missing slices: a few hundred ms on 500 slices, so the controller asks only after the first image).
   */
  ensureVolume(): Types.IImageVolume | undefined;
  /**
   * Adopts the download: what already arrived is replayed into the events at once (so the controller
   * calls this once the stream is its current one), the rest as it comes.
   */
  start(): void;
  /** Tells Cornerstone's texture which slices arrived since the last time; false before the volume exists. */
  uploadArrived(): boolean;
  /** Lets the download go (its session keeps it for a remount) and drops Cornerstone's volume. */
  release(): void;
}

/**
 * The MPR engine's volume: adopts the session's download of `download.url` (what already arrived is
 * replayed, the rest follows as it comes), keeps which slices are in and which Cornerstone has not
 * been told of, builds Cornerstone's volume over the same voxel array when asked, and releases it.
 */
export function createMprVolumeStream(
  download: VolumeDownload,
  volumeId: string,
  events: VolumeStreamEvents,
): MprVolumeStream {
  const abort = new AbortController();
  const arrived = new Set<number>();
  let header: VolumeHeader | undefined;
  let voxels: Int16Array | undefined;
  let present: Uint8Array | undefined;
  let volume: Types.IImageVolume | undefined;
  let loaded = 0;
  let firstSlicesIn = false;
  let allSlicesIn = false;
  const released = () => abort.signal.aborted;
  const startedAt = performance.now();

  let started = false;
  function start() {
    if (started) return;
    started = true;
    void download
      .adopt(
        {
          begin(given, array) {
            if (released()) return;
            header = given;
            voxels = array;
            present = new Uint8Array(given.dimensions[2]);
            events.begin(given);
          },
          slicesLoaded(indices) {
            if (released()) return;
            loaded += indices.length;
            for (const k of indices) {
              arrived.add(k);
              if (present) present[k] = 1;
            }
            if (firstSlicesIn) return events.moreSlices();
            firstSlicesIn = true;
            events.firstSlices();
          },
        },
        abort.signal,
      )
      .then(
        () => {
          if (released()) return;
          allSlicesIn = true;
          events.complete();
        },
        (error: unknown) => {
          if (!released()) events.failed(error);
        },
      );
  }

  return {
    url: download.url,
    volumeId,
    download,
    startedAt,
    get header() {
      return header;
    },
    get voxels() {
      return voxels;
    },
    get present() {
      return present;
    },
    get loaded() {
      return loaded;
    },
    get firstSlicesIn() {
      return firstSlicesIn;
    },
    get allSlicesIn() {
      return allSlicesIn;
    },
    get volume() {
      return volume;
    },
    get pending() {
      return arrived.size;
    },
    start,
    ensureVolume() {
      if (!volume && header && voxels && present && !released()) {
        fillAbsentWithAir(voxels, header, present);
        volume = createMprVolume(volumeId, header, voxels).volume;
      }
      return volume;
    },
    uploadArrived() {
      if (!volume) return false;
      slicesArrived(volume, arrived);
      arrived.clear();
      return true;
    },
    release() {
      if (released()) return;
      abort.abort();
      arrived.clear();
      releaseMprVolume(volumeId);
    },
  };
}
