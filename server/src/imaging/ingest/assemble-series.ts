import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_VOLUME_LEVELS, VOLUME_FORMAT_VERSION, type VolumeHeader, type VolumeLevels } from '@cardiomap/domain';
import type { ParsedInstance } from '../types.ts';
import type { SliceSource, VolumeGeometry } from '../volume/geometry.ts';
import { buildSlice } from '../volume/resample.ts';
import type { SeriesGroup, SeriesPhase } from '../volume/series.ts';
import { createVolumeWriter, DEFAULT_VOLUME_DEFLATE_LEVEL } from '../volume/volume-file.ts';
import { ZipRefused } from '../zip/zip-refused.ts';
import { createDeidentifiedZip } from './deidentified-zip.ts';
import { inOrder } from './in-order.ts';
import type { FrameWanted, PreparedFrame } from './ingest-tasks.ts';
import { ingestThreads } from './ingest-threads.ts';
import type { ScannedFile } from './scan-archive.ts';

/** A file of the chosen series failed in pass 2; the caller drops it and assembles again. */
export class SeriesFileFailed extends Error {
  constructor(
    readonly file: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'SeriesFileFailed';
  }
}

export interface AssembleOptions {
  /** The chosen series with its phases (one when not gated), each planned as a volume. */
  group: SeriesGroup & { geometry: VolumeGeometry; phases: SeriesPhase[] };
  files: readonly ScannedFile[];
  workDir: string;
  pseudonym: string;
  /** The case's key for remapping UIDs (the threads map them with it). */
  uidSecret: string;
  mapUid(uid: string): string;
  /** zlib level of the volume's slices; unset, the volume writer's default. */
  volumeDeflateLevel?: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface AssembledVolume {
  volumePath: string;
  volume: VolumeHeader;
}

export interface Assembled {
  deidentifiedZipPath: string;
  /** One per phase of the group, in its order. */
  volumes: AssembledVolume[];
  /** Files in the de-identified zip: an instance sent twice is in it once. */
  deidentifiedFileCount: number;
  /** Files that went into a volume and the de-identified zip. */
  usedFiles: Set<number>;
}

/** Files prepared ahead per ingest thread: each result holds its compressed slices (the thread wrote the file). */
const AHEAD_PER_THREAD = 4;
const AHEAD_BYTES = 64 * 1024 * 1024;

/** A volume per phase: `volume.cmvol` when there is one (as ever), else numbered in cardiac order. */
export function phaseVolumeName(index: number, count: number): string {
  return count === 1 ? 'volume.cmvol' : `volume-phase-${String(index + 1).padStart(2, '0')}.cmvol`;
}

/**
 * Pass 2: the chosen series' files, phase after phase and in volume order within each, each read once
 * more on the ingest threads, de-identified into the output zip (once, whichever phase uses it first)
 * and its frames decoded there (and compressed, for a slice that is one frame as it is); this thread
 * lists the zip's entries and writes each phase's volume in order. Holds only the files the current
 * output slice needs and the few being prepared: never more than one phase's slices at a time.
 */
export async function assembleSeries(o: AssembleOptions): Promise<Assembled> {
  const deidentifiedZipPath = join(o.workDir, 'deidentified.zip');
  const zip = createDeidentifiedZip(deidentifiedZipPath);
  const threads = ingestThreads();
  const level = o.volumeDeflateLevel ?? DEFAULT_VOLUME_DEFLATE_LEVEL;
  // An instance sent twice (the same SOP instance UID) goes into the zip once: its first file writes it;
  // a multi-frame file holding several phases is written by the first phase that reads it.
  const instancesSeen = new Set<string>();
  const zipped = new Set<number>();
  const usedFiles = new Set<number>();
  const volumes: AssembledVolume[] = [];
  let current: { abort(): Promise<void> } | undefined;
  try {
    for (const [p, phase] of o.group.phases.entries()) {
      const volumePath = join(o.workDir, phaseVolumeName(p, o.group.phases.length));
      const run = assemblePhase(o, phase, {
        volumePath,
        level,
        threads,
        zip,
        writesInstance(file) {
          const uid = o.files[file]?.instance?.sopInstanceUid ?? '';
          if (zipped.has(file) || instancesSeen.has(uid)) return false;
          instancesSeen.add(uid);
          zipped.add(file);
          return true;
        },
      });
      current = run.writer;
      const volume = await run.done;
      current = undefined;
      for (const f of run.files) usedFiles.add(f);
      volumes.push({ volumePath, volume });
    }
    const deidentifiedFileCount = await zip.finish();
    return { deidentifiedZipPath, volumes, deidentifiedFileCount, usedFiles };
  } catch (error) {
    await Promise.all([current?.abort(), zip.abort(), ...volumes.map((v) => rm(v.volumePath, { force: true }))]);
    throw error;
  }
}

interface PhaseTargets {
  volumePath: string;
  level: number;
  threads: ReturnType<typeof ingestThreads>;
  zip: ReturnType<typeof createDeidentifiedZip>;
  /** Whether this file's de-identified copy goes into the zip now (asked once per file, in order). */
  writesInstance(file: number): boolean;
}

/** One phase's volume: its files prepared on the threads, its slices written in order. */
function assemblePhase(o: AssembleOptions, phase: SeriesPhase, t: PhaseTargets) {
  const { geometry, frames } = phase;
  const frameOf = (source: number) => frames[source] as (typeof frames)[number];
  const fileOrder = [...new Set(geometry.slices.flatMap((s) => s.map((x) => frameOf(x.source).file)))];
  const lastUse = new Map<number, number>();
  const wanted = new Map<number, Map<number, FrameWanted>>();
  geometry.slices.forEach((sources, k) => {
    for (const s of sources) {
      const { file, frame } = frameOf(s.source);
      lastUse.set(file, k);
      const ofFile = wanted.get(file) ?? new Map<number, FrameWanted>();
      wanted.set(file, ofFile);
      const want = ofFile.get(frame) ?? { frame, pixels: false, compressed: false };
      ofFile.set(frame, want);
      if (isPlainCopy(sources)) want.compressed = true;
      else want.pixels = true;
    }
  });
  const writes = new Set(fileOrder.filter((file) => t.writesInstance(file)));
  const [columns, rows] = geometry.dimensions;
  const firstInstances = fileOrder.map((f) => o.files[f]?.instance as ParsedInstance);
  let writer: Awaited<ReturnType<typeof createVolumeWriter>> | undefined;
  let aborted = false;
  const done = (async () => {
    writer = await createVolumeWriter(
      t.volumePath,
      {
        version: VOLUME_FORMAT_VERSION,
        dimensions: geometry.dimensions,
        spacing: geometry.spacing,
        origin: geometry.origin,
        direction: geometry.direction,
        dataType: 'int16',
        compression: 'deflate-raw',
        levels: levelsOf(firstInstances),
        interpolationType: geometry.interpolationType,
        ...(geometry.interpolatedSlices.length > 0 ? { interpolatedSlices: geometry.interpolatedSlices } : {}),
        ...frameOfReference(firstInstances, o.mapUid),
      },
      { level: t.level },
    );
    if (aborted) throw new Error('aborted');
    const loaded = new Map<number, Map<number, PreparedFrame>>();
    const frameData = (source: number) => {
      const { file, frame } = frameOf(source);
      return loaded.get(file)?.get(frame) as PreparedFrame;
    };
    let k = 0;
    // A few progress lines for the Jobs tab, not one per slice.
    const progressStep = Math.max(50, Math.ceil(geometry.slices.length / 4));
    const prepared = inOrder(
      fileOrder.length,
      (index) => {
        const file = fileOrder[index] as number;
        return t.threads.prepare({
          source: (o.files[file] as ScannedFile).entry.source,
          frames: [...(wanted.get(file)?.values() ?? [])],
          pseudonym: o.pseudonym,
          uidSecret: o.uidSecret,
          volume: { version: VOLUME_FORMAT_VERSION, level: t.level, voxels: columns * rows },
          ...(writes.has(file) ? { zip: t.zip.shared } : {}),
        });
      },
      {
        ahead: t.threads.size * AHEAD_PER_THREAD,
        aheadWeight: AHEAD_BYTES,
        weight: (i) => (o.files[fileOrder[i] as number] as ScannedFile).entry.size,
      },
    );
    try {
      for await (const { index, result } of prepared) {
        o.signal?.throwIfAborted();
        const file = fileOrder[index] as number;
        if (result.kind === 'refused') throw new ZipRefused(result.reason);
        if (result.kind === 'damaged') throw new SeriesFileFailed(file, result.message);
        if (result.kind === 'failed') throw new SeriesFileFailed(file, result.reason);
        if (result.written) t.zip.recordWritten(result.written);
        loaded.set(file, new Map(result.frames.map((f) => [f.frame, f])));

        while (k < geometry.slices.length && geometry.slices[k]?.every((s) => loaded.has(frameOf(s.source).file))) {
          const sources = geometry.slices[k] ?? [];
          const only = sources[0];
          if (only && isPlainCopy(sources)) {
            await writer.appendCompressed(frameData(only.source).compressed ?? []);
          } else {
            await writer.append(buildSlice(sources, (s) => frameData(s).pixels as Int16Array, columns, rows));
          }
          for (const f of loaded.keys()) if ((lastUse.get(f) ?? -1) <= k) loaded.delete(f);
          k++;
          if (k % progressStep === 0 && k < geometry.slices.length) {
            o.log?.(
              `Volume${o.group.phases.length > 1 ? ` ${phase.label}` : ''}: ${k} of ${geometry.slices.length} slices written.`,
            );
          }
        }
      }
      if (k !== geometry.slices.length) throw new Error(`assembled ${k} of ${geometry.slices.length} slices`);
      return await writer.finish();
    } catch (error) {
      await prepared.return(undefined);
      throw error;
    }
  })();
  return {
    done,
    files: fileOrder,
    writer: {
      async abort() {
        aborted = true;
        // Aborting: the assembly's own error, if any, was reported where it happened.
        await done.catch(() => undefined);
        await writer?.abort();
      },
    },
  };
}

/** A slice that is one source frame as it is (no blend, no shift): its thread compresses it. */
function isPlainCopy(sources: readonly SliceSource[]): boolean {
  const only = sources[0];
  return sources.length === 1 && only !== undefined && only.offset[0] === 0 && only.offset[1] === 0;
}

function frameOfReference(instances: readonly ParsedInstance[], mapUid: (uid: string) => string) {
  const uid = instances[0]?.frameOfReferenceUid;
  return uid ? { frameOfReferenceUid: mapUid(uid) } : {};
}

/** The series' own window (first image that has one), else spec §9's 230 / 1075. */
function levelsOf(instances: readonly ParsedInstance[]): VolumeLevels {
  const withLevels = instances.find(
    (i) => Number.isFinite(i.windowCenter) && Number.isFinite(i.windowWidth) && (i.windowWidth as number) > 0,
  );
  if (!withLevels) return { ...DEFAULT_VOLUME_LEVELS };
  return { windowCenter: withLevels.windowCenter as number, windowWidth: withLevels.windowWidth as number };
}
