import { open, rename, rm } from 'node:fs/promises';
import { endianness } from 'node:os';
import { promisify } from 'node:util';
import { constants, deflateRaw, deflateRawSync, inflateRaw, type ZlibOptions } from 'node:zlib';
import {
  encodeVolumeHeader,
  joinBytePlanes,
  parseVolumeHeader,
  reservedHeaderLength,
  sliceByteRanges,
  sliceBytes,
  splitBytePlanes,
  storesBytePlanes,
  VOLUME_PREAMBLE_BYTES,
  type VolumeHeader,
} from '@cardiomap/domain';
import { flushBehind } from '../flush-behind.ts';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

export type VolumeLayout = Omit<VolumeHeader, 'sliceByteLengths'>;

export interface VolumeWriter {
  /** Queues the next slice (in volume order). The array must not change afterwards. */
  append(slice: Int16Array): Promise<void>;
  /** Queues the next slice already compressed by `compressSlice` with this volume's layout and level. */
  appendCompressed(parts: readonly Uint8Array[]): Promise<void>;
  /** Writes the final header and moves the file into place. */
  finish(): Promise<VolumeHeader>;
  /** Stops and removes the partial file. */
  abort(): Promise<void>;
}

/** zlib level of the volume's slices unless told otherwise: fast, and still shrinks CT about 2–3×. */
export const DEFAULT_VOLUME_DEFLATE_LEVEL = 1;

export interface VolumeWriterOptions {
  /** zlib level; 1 keeps ingest fast and still shrinks CT about 2–3×. */
  level?: number;
  /** Slices compressing at once. zlib's async calls run on libuv's thread pool, so this uses every core. */
  inFlight?: number;
}

/**
 * Streams a volume to disk slice by slice: memory holds at most `inFlight` slices, whatever the volume
 * size. The header's space is reserved first and filled in at the end, when slice lengths are known;
 * the file appears under `path` only when complete.
 */
export async function createVolumeWriter(
  path: string,
  layout: VolumeLayout,
  { level = DEFAULT_VOLUME_DEFLATE_LEVEL, inFlight = 4 }: VolumeWriterOptions = {},
): Promise<VolumeWriter> {
  const partial = `${path}.partial`;
  const file = await open(partial, 'w');
  const flusher = flushBehind(file.fd);
  const reserved = reservedHeaderLength(layout);
  const expected = layout.dimensions[0] * layout.dimensions[1];
  let position = VOLUME_PREAMBLE_BYTES + reserved;
  const lengths: number[] = [];
  const queue: Promise<void>[] = [];
  let writing: Promise<void> = Promise.resolve();
  // Counted when accepted: a slice whose write just finished is briefly both in `lengths` and `queue`.
  let accepted = 0;

  async function append(slice: Int16Array): Promise<void> {
    if (slice.length !== expected) throw new Error(`slice has ${slice.length} voxels, expected ${expected}`);
    return queueSlice(storesBytePlanes(layout) ? deflatePlanes(slice, level) : deflateInterleaved(slice, level));
  }

  async function queueSlice(compressed: Promise<readonly Uint8Array[]>): Promise<void> {
    if (accepted >= layout.dimensions[2]) throw new Error('more slices than the volume holds');
    accepted++;
    // Marks the rejection handled while it waits its turn; the writer awaits it and sees the error.
    compressed.catch(() => undefined);
    writing = writing.then(async () => {
      const parts = await compressed;
      let length = 0;
      // On libuv's thread pool: copying ~100 MB into the page cache is not the calling thread's work
      // (the ingest's thread orders the slices and answers the API meanwhile).
      for (const bytes of parts) {
        for (let at = 0; at < bytes.length; ) {
          at += (await file.write(bytes, at, bytes.length - at, position + length + at)).bytesWritten;
        }
        length += bytes.length;
      }
      position += length;
      lengths.push(length);
      flusher.wrote(length);
    });
    const done = writing;
    queue.push(done);
    done.then(
      () => queue.splice(queue.indexOf(done), 1),
      () => undefined,
    );
    if (queue.length >= inFlight) await queue[0];
  }

  async function finish(): Promise<VolumeHeader> {
    await writing;
    if (lengths.length !== layout.dimensions[2]) {
      throw new Error(`${lengths.length} slices written, the volume has ${layout.dimensions[2]}`);
    }
    const header: VolumeHeader = { ...layout, sliceByteLengths: lengths };
    const head = encodeVolumeHeader(header, reserved);
    await file.write(head, 0, head.length, 0);
    await flusher.settled();
    await file.close();
    await rename(partial, path);
    return header;
  }

  async function abort(): Promise<void> {
    // Aborting: the write's own error was reported where it happened.
    await writing.catch(() => undefined);
    await flusher.settled();
    // Aborting: the file is removed next, a failed close changes nothing.
    await file.close().catch(() => undefined);
    await rm(partial, { force: true });
  }

  return { append, appendCompressed: (parts) => queueSlice(Promise.resolve(parts)), finish, abort };
}

/** One output chunk per slice: zlib's default 16 KB chunks cost a main-thread round trip each. */
const outputChunk = (bytes: number): ZlibOptions => ({ chunkSize: Math.max(64 * 1024, bytes + 1024) });

/** Version 1: the slice's little-endian bytes as one raw-deflate stream. */
async function deflateInterleaved(slice: Int16Array, level: number): Promise<Uint8Array[]> {
  const bytes = littleEndianBytes(slice);
  return [await deflate(bytes, { level, ...outputChunk(bytes.length) })];
}

/**
 * Version 2: the low-byte plane (noise: Huffman coding alone; ending in a sync flush, so the stream goes
 * on) and then the high-byte plane (long runs: run-length matches), compressed at once on two of the
 * thread pool's threads. Together they inflate as one stream.
 */
async function deflatePlanes(slice: Int16Array, level: number): Promise<Uint8Array[]> {
  const [lowPlane, highPlane] = planesOf(slice);
  return Promise.all([
    deflate(lowPlane, lowPlaneOptions(level, lowPlane.length)),
    deflate(highPlane, highPlaneOptions(level, highPlane.length)),
  ]);
}

function planesOf(slice: Int16Array, into?: Uint8Array<ArrayBuffer>): [Uint8Array, Uint8Array] {
  const planes = splitBytePlanes(slice, into);
  return [planes.subarray(0, slice.length), planes.subarray(slice.length)];
}

const lowPlaneOptions = (level: number, bytes: number): ZlibOptions => ({
  level,
  // zlib's largest symbol buffer: a Huffman block per 64 K bytes instead of 16 K, a fifth less time on
  // CT noise for the same size.
  memLevel: 9,
  strategy: constants.Z_HUFFMAN_ONLY,
  finishFlush: constants.Z_SYNC_FLUSH,
  ...outputChunk(bytes),
});

const highPlaneOptions = (level: number, bytes: number): ZlibOptions => ({
  level,
  strategy: constants.Z_RLE,
  ...outputChunk(bytes),
});

/**
 * One slice compressed as the writer would (`appendCompressed` takes the result), synchronously: the
 * ingest's worker threads compress the slices they decode, in parallel, instead of the writer's thread.
 */
export function compressSlice(
  slice: Int16Array,
  layout: Pick<VolumeHeader, 'version'>,
  level = DEFAULT_VOLUME_DEFLATE_LEVEL,
  /** Room for the byte planes (twice the slice's values), reused from slice to slice. */
  planes?: Uint8Array<ArrayBuffer>,
): Uint8Array[] {
  if (!storesBytePlanes(layout)) {
    const bytes = littleEndianBytes(slice);
    return [deflateRawSync(bytes, { level, ...outputChunk(bytes.length) })];
  }
  const [lowPlane, highPlane] = planesOf(slice, planes);
  return [
    deflateRawSync(lowPlane, lowPlaneOptions(level, lowPlane.length)),
    deflateRawSync(highPlane, highPlaneOptions(level, highPlane.length)),
  ];
}

function littleEndianBytes(slice: Int16Array): Uint8Array {
  if (endianness() === 'LE') return new Uint8Array(slice.buffer, slice.byteOffset, slice.byteLength);
  const out = Buffer.alloc(slice.byteLength);
  for (let i = 0; i < slice.length; i++) out.writeInt16LE(slice[i] as number, i * 2);
  return out;
}

/** Reads a volume file back, one slice at a time (tests, tools; the viewer has its own reader). */
export async function readVolumeFile(path: string) {
  const file = await open(path, 'r');
  try {
    let probe = Buffer.alloc(VOLUME_PREAMBLE_BYTES);
    await file.read(probe, 0, probe.length, 0);
    let parsed = parseVolumeHeader(probe);
    if ('needBytes' in parsed) {
      probe = Buffer.alloc(parsed.needBytes);
      await file.read(probe, 0, probe.length, 0);
      parsed = parseVolumeHeader(probe);
    }
    if ('needBytes' in parsed) throw new Error('truncated volume header');
    const { header, dataOffset } = parsed;
    const ranges = sliceByteRanges(header, dataOffset);
    const slice = async (k: number): Promise<Int16Array> => {
      const range = ranges[k];
      if (!range) throw new RangeError(`no slice ${k}`);
      const compressed = Buffer.alloc(range.end - range.start);
      await file.read(compressed, 0, compressed.length, range.start);
      const inflated = await inflate(compressed, { chunkSize: Math.max(64 * 1024, sliceBytes(header)) });
      const raw = storesBytePlanes(header) ? joinBytePlanes(inflated) : inflated;
      const aligned = raw.byteOffset % 2 === 0 ? raw : Buffer.from(raw);
      return new Int16Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 2);
    };
    return { header, dataOffset, slice, close: () => file.close() };
  } catch (error) {
    await file.close();
    throw error;
  }
}
