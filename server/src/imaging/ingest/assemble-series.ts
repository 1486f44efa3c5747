import { join } from 'node:path';
import { DEFAULT_VOLUME_LEVELS, VOLUME_FORMAT_VERSION, type VolumeHeader, type VolumeLevels } from '@cardiomap/domain';
import { decodeFrameHU } from '../dicom/decode-frame.ts';
import { deidentifiedParts } from '../dicom/deidentify.ts';
import { type DicomSource, readInstance } from '../dicom/read-instance.ts';
import type { ParsedInstance } from '../types.ts';
import type { VolumeGeometry } from '../volume/geometry.ts';
import { buildSlice } from '../volume/resample.ts';
import type { SeriesGroup } from '../volume/series.ts';
import { createVolumeWriter } from '../volume/volume-file.ts';
import { ZipEntryDamaged } from '../zip/zip-refused.ts';
import { createDeidentifiedZip } from './deidentified-zip.ts';
import { readInOrder } from './read-ahead.ts';
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
  group: SeriesGroup & { geometry: VolumeGeometry };
  files: readonly ScannedFile[];
  workDir: string;
  pseudonym: string;
  mapUid(uid: string): string;
  /** zlib level of the volume's slices; unset, the volume writer's default. */
  volumeDeflateLevel?: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface Assembled {
  deidentifiedZipPath: string;
  volumePath: string;
  volume: VolumeHeader;
  /** Files that went into the volume and the de-identified zip. */
  usedFiles: Set<number>;
}

/**
 * Pass 2: the chosen series' files in volume order, each read once more, de-identified into the output
 * zip and decoded into the volume slice by slice. Holds only the files and decoded frames the current
 * output slice needs.
 */
export async function assembleSeries(o: AssembleOptions): Promise<Assembled> {
  const { geometry, frames } = o.group;
  const frameOf = (source: number) => frames[source] as (typeof frames)[number];
  const fileOrder = [...new Set(geometry.slices.flatMap((s) => s.map((x) => frameOf(x.source).file)))];
  const lastUse = new Map<number, number>();
  geometry.slices.forEach((sources, k) => {
    for (const s of sources) lastUse.set(frameOf(s.source).file, k);
  });

  const deidentifiedZipPath = join(o.workDir, 'deidentified.zip');
  const volumePath = join(o.workDir, 'volume.cmvol');
  const [columns, rows] = geometry.dimensions;
  const firstInstances = fileOrder.map((f) => o.files[f]?.instance as ParsedInstance);
  const zip = createDeidentifiedZip(deidentifiedZipPath);
  const writer = await createVolumeWriter(
    volumePath,
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
      ...frameOfReference(firstInstances, o.mapUid),
    },
    o.volumeDeflateLevel === undefined ? {} : { level: o.volumeDeflateLevel },
  );

  const loaded = new Map<number, DicomSource>();
  const decoded = new Map<number, Int16Array>();
  const names = new Set<string>();
  let k = 0;
  // A few progress lines for the Jobs tab, not one per slice.
  const progressStep = Math.max(50, Math.ceil(geometry.slices.length / 4));
  try {
    for await (const { index, read } of readInOrder(
      fileOrder.map((f) => (o.files[f] as ScannedFile).entry),
      o.signal,
    )) {
      const file = fileOrder[index] as number;
      if (!read.ok) {
        if (read.error instanceof ZipEntryDamaged) throw new SeriesFileFailed(file, read.error.message);
        throw read.error;
      }
      const result = readInstance(read.bytes);
      if (!result.ok) throw new SeriesFileFailed(file, result.setAside.reason);
      const name = `${o.mapUid(result.instance.sopInstanceUid)}.dcm`;
      if (!names.has(name)) {
        names.add(name);
        await zip.add(name, deidentifyOrFail(result.source, o, file));
      }
      loaded.set(file, result.source);

      while (k < geometry.slices.length && geometry.slices[k]?.every((s) => loaded.has(frameOf(s.source).file))) {
        const sources = geometry.slices[k] ?? [];
        for (const s of sources) {
          if (decoded.has(s.source)) continue;
          const { file: f, frame } = frameOf(s.source);
          decoded.set(s.source, await decodeOrFail(loaded.get(f) as DicomSource, frame, f));
        }
        await writer.append(buildSlice(sources, (s) => decoded.get(s) as Int16Array, columns, rows));
        const nextSources = new Set((geometry.slices[k + 1] ?? []).map((s) => s.source));
        for (const s of decoded.keys()) if (!nextSources.has(s)) decoded.delete(s);
        for (const f of loaded.keys()) if ((lastUse.get(f) ?? -1) <= k) loaded.delete(f);
        k++;
        if (k % progressStep === 0 && k < geometry.slices.length) {
          o.log?.(`Volume: ${k} of ${geometry.slices.length} slices written.`);
        }
      }
    }
    if (k !== geometry.slices.length) throw new Error(`assembled ${k} of ${geometry.slices.length} slices`);
    const volume = await writer.finish();
    await zip.finish();
    return { deidentifiedZipPath, volumePath, volume, usedFiles: new Set(fileOrder) };
  } catch (error) {
    await Promise.all([writer.abort(), zip.abort()]);
    throw error;
  }
}

function deidentifyOrFail(source: DicomSource, o: AssembleOptions, file: number): Uint8Array[] {
  try {
    return deidentifiedParts(source, { pseudonym: o.pseudonym, mapUid: o.mapUid });
  } catch (error) {
    throw new SeriesFileFailed(file, `The image could not be de-identified: ${(error as Error).message}`);
  }
}

async function decodeOrFail(source: DicomSource, frame: number, file: number): Promise<Int16Array> {
  try {
    return await decodeFrameHU(source, frame);
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    throw new SeriesFileFailed(file, `The image could not be decoded: ${reason}`);
  }
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
