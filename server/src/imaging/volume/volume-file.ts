import { writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { endianness } from 'node:os';
import { promisify } from 'node:util';
import { constants, deflateRaw, inflateRaw, type ZlibOptions } from 'node:zlib';
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
  /** Writes the final header and moves the file into place. */
  finish(): Promise<VolumeHeader>;
  /** Stops and removes the partial file. */
  abort(): Promise<void>;
}

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
  { level = 1, inFlight = 4 }: VolumeWriterOptions = {},
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
    if (accepted >= layout.dimensions[2]) throw new Error('more slices than the volume holds');
    accepted++;
    const compressed = storesBytePlanes(layout) ? deflatePlanes(slice, level) : deflateInterleaved(slice, level);
    compressed.catch(() => undefined);
    writing = writing.then(async () => {
      const parts = await compressed;
      let length = 0;
      // Synchronous, like the de-identified zip: an async write would wait on the thread pool behind
      // the next slices' deflate jobs.
      for (const bytes of parts) {
        for (let at = 0; at < bytes.length; ) {
          at += writeSync(file.fd, bytes, at, bytes.length - at, position + length + at);
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
    await writing.catch(() => undefined);
    await flusher.settled();
    await file.close().catch(() => undefined);
    await rm(partial, { force: true });
  }

  return { append, finish, abort };
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
  const planes = splitBytePlanes(slice);
  const half = slice.length;
  const lowPlane = planes.subarray(0, half);
  const highPlane = planes.subarray(half);
  return Promise.all([
    deflate(lowPlane, {
      level,
      strategy: constants.Z_HUFFMAN_ONLY,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...outputChunk(half),
    }),
    deflate(highPlane, { level, strategy: constants.Z_RLE, ...outputChunk(half) }),
  ]);
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
