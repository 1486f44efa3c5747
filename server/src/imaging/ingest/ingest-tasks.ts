/**
 * The per-file work of the ingest's two passes, as plain data in and out so that it runs on the ingest's
 * worker threads (ingest-threads.ts): reading and inflating the file, parsing its header, and for the
 * chosen series de-identifying it and decoding and compressing its frames. Everything CPU-heavy of an
 * ingest is here; the job's own thread only orders the results and writes them.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { VOLUME_FORMAT_VERSION, type VolumeHeader } from '@cardiomap/domain';
import { decodeFrameHU } from '../dicom/decode-frame.ts';
import { createUidMapper, deidentifiedParts } from '../dicom/deidentify.ts';
import { readInstance, readInstanceHeader } from '../dicom/read-instance.ts';
import type { ParsedInstance, SetAside } from '../types.ts';
import { compressSlice, DEFAULT_VOLUME_DEFLATE_LEVEL } from '../volume/volume-file.ts';
import { type EntrySource, readEntryPrefix, readEntrySource } from '../zip/entry-source.ts';
import { ZipEntryDamaged, ZipRefused } from '../zip/zip-refused.ts';
import { type SharedZipTarget, type WrittenZipEntry, writeZipEntry } from './deidentified-zip.ts';
import { warmUpSample } from './warm-up-sample.ts';

/** Pass 1: read one file's header (the pixels are neither inflated nor kept). */
export interface ScanTask {
  op: 'scan';
  source: EntrySource;
}

/** What a file's bytes could not give: the entry is damaged, or the whole archive is refused. */
export type UnreadableOutcome = { kind: 'damaged'; message: string } | { kind: 'refused'; reason: string };

export type ScanOutcome =
  | { kind: 'usable'; instance: ParsedInstance }
  | { kind: 'set-aside'; setAside: SetAside }
  | UnreadableOutcome;

/** What pass 2 needs of one frame: its HU (a slice blended from several) and/or its compressed slice. */
export interface FrameWanted {
  frame: number;
  pixels: boolean;
  compressed: boolean;
}

/** Pass 2: de-identify one file of the chosen series and decode the frames the volume takes from it. */
export interface PrepareTask {
  op: 'prepare';
  source: EntrySource;
  frames: FrameWanted[];
  pseudonym: string;
  uidSecret: string;
  volume: { version: VolumeHeader['version']; level: number; voxels: number };
  /** Where the de-identified file goes (written here); absent when the zip already has this instance. */
  zip?: SharedZipTarget;
}

export interface PreparedFrame {
  frame: number;
  pixels?: Int16Array;
  compressed?: Uint8Array[];
}

export type PrepareOutcome =
  | { kind: 'prepared'; name: string; written?: WrittenZipEntry; frames: PreparedFrame[] }
  | { kind: 'failed'; reason: string }
  | UnreadableOutcome;

/**
 * Of files at the same position that no phase attribute tells apart: a signature of each frame's HU, so
 * the caller sees whether they are copies (duplicates) or different images (several phases nobody
 * labelled). Decoded rather than hashed as stored, so a copy in another transfer syntax is still a copy.
 */
export interface HashTask {
  op: 'hash';
  source: EntrySource;
  frames: number[];
  voxels: number;
}

/** A frame's HU in brief: an exact digest, and the mean of each cell of a coarse grid (same-position-check.ts). */
export interface FrameSignature {
  sha256: string;
  /** SIGNATURE_GRID × SIGNATURE_GRID cell means, row by row. */
  cells: number[];
}

export const SIGNATURE_GRID = 16;

export type HashOutcome =
  | { kind: 'hashed'; signatures: FrameSignature[] }
  | { kind: 'failed'; reason: string }
  | UnreadableOutcome;

/** A thread's first task: run the sample slice through every step this many times (no output). */
export interface WarmUpTask {
  op: 'warm-up';
  files: number;
}

export type WarmUpOutcome = { kind: 'warm' };

export type IngestTask = ScanTask | PrepareTask | HashTask | WarmUpTask;
export type IngestOutcome = ScanOutcome | PrepareOutcome | HashOutcome | WarmUpOutcome;

/**
 * Reused from file to file: a fresh 0.5 MB buffer costs its pages mapped in one by one (about 1–2 ms a
 * slice on this kind of virtual machine, as much as decoding it), so what stays on the thread is
 * allocated once. Tasks must therefore run one at a time on a thread (ingest-thread.ts queues them).
 */
const scratch = {
  read: growing((bytes) => Buffer.allocUnsafeSlow(bytes)),
  pixels: growing((values) => new Int16Array(values)),
  planes: growing((bytes) => new Uint8Array(bytes) as Uint8Array<ArrayBuffer>),
  deidentified: growing((bytes) => new Uint8Array(bytes)),
};

/** The de-identified file's pieces in one run of the scratch: it is written into the zip from here. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = scratch.deidentified(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function growing<T extends Uint8Array | Int16Array>(make: (length: number) => T): (length: number) => T {
  let current: T | undefined;
  return (length) => {
    if (!current || current.length < length) current = make(Math.max(length, Math.ceil((current?.length ?? 0) * 1.25)));
    return current.subarray(0, length) as T;
  };
}

export function runIngestTask(task: ScanTask): ScanOutcome;
export function runIngestTask(task: PrepareTask): Promise<PrepareOutcome>;
export function runIngestTask(task: HashTask): Promise<HashOutcome>;
export function runIngestTask(task: WarmUpTask): Promise<WarmUpOutcome>;
export function runIngestTask(task: IngestTask): ScanOutcome | Promise<PrepareOutcome | HashOutcome | WarmUpOutcome>;
export function runIngestTask(task: IngestTask): ScanOutcome | Promise<PrepareOutcome | HashOutcome | WarmUpOutcome> {
  if (task.op === 'scan') return scanFile(task);
  if (task.op === 'hash') return hashFile(task);
  return task.op === 'prepare' ? prepareFile(task) : warmUp(task);
}

async function hashFile(task: HashTask): Promise<HashOutcome> {
  const bytes = readOrOutcome(() => readEntrySource(task.source, scratch.read));
  if (!(bytes instanceof Uint8Array)) return bytes;
  const result = readInstance(bytes);
  if (!result.ok) return { kind: 'failed', reason: result.setAside.reason };
  const signatures: FrameSignature[] = [];
  const { rows, columns } = result.instance;
  for (const frame of task.frames) {
    try {
      const pixels = await decodeFrameHU(result.source, frame, scratch.pixels(task.voxels));
      const bytes = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
      signatures.push({
        sha256: createHash('sha256').update(bytes).digest('hex'),
        cells: cellMeans(pixels, rows, columns),
      });
    } catch (error) {
      const reason = (error as { reason?: string }).reason ?? (error as Error).message;
      return { kind: 'failed', reason: `The image could not be decoded: ${reason}` };
    }
  }
  return { kind: 'hashed', signatures };
}

function cellMeans(pixels: Int16Array, rows: number, columns: number): number[] {
  const n = SIGNATURE_GRID;
  const sums = new Float64Array(n * n);
  const counts = new Float64Array(n * n);
  for (let r = 0; r < rows; r++) {
    const cellRow = Math.floor((r * n) / rows) * n;
    for (let c = 0; c < columns; c++) {
      const cell = cellRow + Math.floor((c * n) / columns);
      sums[cell] = (sums[cell] as number) + (pixels[r * columns + c] as number);
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  return Array.from(sums, (sum, i) => (counts[i] ? sum / (counts[i] as number) : 0));
}

/**
 * Compressed bytes read for a header first: a CT header is a few KB, some vendors' private groups tens
 * of KB. When they do not tell (longer header, compressed pixels), the whole file is read.
 */
const HEADER_PREFIX_BYTES = 32 * 1024;

function scanFile(task: ScanTask): ScanOutcome {
  const prefix = readOrOutcome(() => readEntryPrefix(task.source, HEADER_PREFIX_BYTES, scratch.read));
  if (!('bytes' in prefix)) return prefix;
  let result = prefix.whole ? readInstance(prefix.bytes) : readInstanceHeader(prefix.bytes, task.source.cap);
  if (result === 'whole-file') {
    const bytes = readOrOutcome(() => readEntrySource(task.source, scratch.read));
    if (!(bytes instanceof Uint8Array)) return bytes;
    result = readInstance(bytes);
  }
  if (!result.ok) return { kind: 'set-aside', setAside: result.setAside };
  if (!result.instance.frames?.length) {
    const reason = 'The image has no position or orientation in the patient';
    return { kind: 'set-aside', setAside: { code: 'unusable-geometry', reason } };
  }
  return { kind: 'usable', instance: result.instance };
}

async function prepareFile(task: PrepareTask): Promise<PrepareOutcome> {
  const bytes = readOrOutcome(() => readEntrySource(task.source, scratch.read));
  if (!(bytes instanceof Uint8Array)) return bytes;
  return prepareBytes(bytes, task);
}

async function prepareBytes(bytes: Uint8Array, task: Omit<PrepareTask, 'op' | 'source'>): Promise<PrepareOutcome> {
  const result = readInstance(bytes);
  if (!result.ok) return { kind: 'failed', reason: result.setAside.reason };
  const mapUid = uidMapperFor(task.uidSecret);
  let deidentified: Uint8Array;
  try {
    deidentified = joined(deidentifiedParts(result.source, { pseudonym: task.pseudonym, mapUid }));
  } catch (error) {
    return { kind: 'failed', reason: `The image could not be de-identified: ${(error as Error).message}` };
  }
  const frames: PreparedFrame[] = [];
  for (const wanted of task.frames) {
    let pixels: Int16Array;
    try {
      // Pixels handed back must be their own; those only compressed here are decoded into the scratch.
      const into = wanted.pixels ? undefined : scratch.pixels(task.volume.voxels);
      pixels = await decodeFrameHU(result.source, wanted.frame, into);
    } catch (error) {
      const reason = (error as { reason?: string }).reason ?? (error as Error).message;
      return { kind: 'failed', reason: `The image could not be decoded: ${reason}` };
    }
    if (pixels.length !== task.volume.voxels) {
      throw new Error(`slice has ${pixels.length} voxels, expected ${task.volume.voxels}`);
    }
    frames.push({
      frame: wanted.frame,
      ...(wanted.pixels ? { pixels } : {}),
      ...(wanted.compressed ? { compressed: compressed(pixels, task.volume) } : {}),
    });
  }
  const name = `${mapUid(result.instance.sopInstanceUid)}.dcm`;
  const written = task.zip ? writeZipEntry(task.zip, name, deidentified, crc32(deidentified)) : undefined;
  return { kind: 'prepared', name, ...(written ? { written } : {}), frames };
}

/**
 * The steps of both passes on the sample slice, in memory (reading and inflating are zlib and system
 * calls: nothing to compile). Its outcome is only that the thread's code is compiled and its scratch
 * buffers are in place when the first file of an upload comes.
 */
async function warmUp(task: WarmUpTask): Promise<WarmUpOutcome> {
  sample ??= warmUpSample();
  const frames: FrameWanted[] = [{ frame: 0, pixels: false, compressed: true }];
  for (let i = 0; i < task.files; i++) {
    const header = readInstanceHeader(sample.subarray(0, HEADER_PREFIX_BYTES), sample.length);
    if (header === 'whole-file' || !header.ok) throw new Error('the warm-up sample cannot be read');
    const { rows, columns } = header.instance;
    const volume: PrepareTask['volume'] = {
      version: VOLUME_FORMAT_VERSION,
      level: DEFAULT_VOLUME_DEFLATE_LEVEL,
      voxels: rows * columns,
    };
    const prepared = await prepareBytes(sample, { frames, pseudonym: 'WARM-UP', uidSecret: 'warm-up', volume });
    if (prepared.kind !== 'prepared') throw new Error('the warm-up sample cannot be prepared');
  }
  return { kind: 'warm' };
}
let sample: Uint8Array | undefined;

/**
 * The slice's compressed planes in one buffer of their exact size, which is handed to the job's thread:
 * zlib's output chunks are ~2.7 times the data, and handed over as they were, all of it was that
 * thread's memory until the slice was written.
 */
function compressed(pixels: Int16Array, volume: PrepareTask['volume']): Uint8Array[] {
  const parts = compressSlice(pixels, volume, volume.level, scratch.planes(pixels.length * 2));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return [out];
}

function readOrOutcome<T>(read: () => T): T | UnreadableOutcome {
  try {
    return read();
  } catch (error) {
    if (error instanceof ZipEntryDamaged) return { kind: 'damaged', message: error.message };
    if (error instanceof ZipRefused) return { kind: 'refused', reason: error.reason };
    throw error;
  }
}

/** The case's mapper, kept while the same case's files come: its cache holds the study's and series' UIDs. */
let mapper: { secret: string; map: (uid: string) => string } | undefined;
function uidMapperFor(secret: string): (uid: string) => string {
  if (mapper?.secret !== secret) mapper = { secret, map: createUidMapper(secret) };
  return mapper.map;
}

/** The buffers an outcome hands over to another thread without copying (each covered whole by its view). */
export function transferables(outcome: IngestOutcome): ArrayBuffer[] {
  if (outcome.kind !== 'prepared') return [];
  const buffers = new Set<ArrayBuffer>();
  for (const f of outcome.frames) {
    if (f.pixels) buffers.add(f.pixels.buffer as ArrayBuffer);
    for (const part of f.compressed ?? []) buffers.add(part.buffer as ArrayBuffer);
  }
  return [...buffers];
}
