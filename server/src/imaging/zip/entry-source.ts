import { closeSync, openSync, readSync } from 'node:fs';
import { constants, inflateRawSync } from 'node:zlib';
import { ZipEntryDamaged, ZipRefused } from './zip-refused.ts';

/**
 * Where one entry's bytes are, as plain data a worker thread can be told to read: the zip, the entry's
 * local header, its compression method and sizes (from the central directory).
 */
export interface EntrySource {
  /** The zip file. */
  file: string;
  /** Path inside the archive, for messages. */
  path: string;
  localHeaderOffset: number;
  method: number;
  compressedSize: number;
  /** Inflating stops here: the declared size, or the per-entry limit when lower. */
  cap: number;
}

/**
 * Where bytes are read into: a fresh buffer by default; a thread reading file after file hands one it
 * reuses (its answer is then valid until the next read), as every fresh 0.5 MB buffer is mapped in page
 * by page.
 */
export type Scratch = (bytes: number) => Buffer;
const freshBuffer: Scratch = (bytes) => Buffer.allocUnsafeSlow(bytes);

const LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;

/**
 * The file's bytes, read with positioned reads (one per file: CT slices are ~0.5 MB) and inflated here.
 * Synchronous: it runs on the ingest's worker threads, one file at a time each. An entry that inflates
 * past its declared size is refused at the lie (`ZipRefused`); unreadable data is `ZipEntryDamaged`; I/O
 * errors are thrown as they are.
 */
export function readEntrySource(source: EntrySource, scratch: Scratch = freshBuffer): Buffer {
  const fd = openSync(source.file, 'r');
  try {
    const dataStart = localDataStart(fd, source);
    const stored = scratch(source.compressedSize);
    if (readFully(fd, stored, dataStart) < stored.length) {
      throw new ZipEntryDamaged(source.path, 'the archive ends inside this file');
    }
    return unpack(source.method, stored, source.cap, source.path);
  } finally {
    closeSync(fd);
  }
}

/** Inflated bytes a prefix may give at most: beyond this it is no header, read the whole file. */
const MAX_PREFIX_OUTPUT = 1024 * 1024;

/**
 * The file's first bytes: a deflated entry's first `bytes` compressed bytes inflated as far as they go
 * (a stored entry's first `bytes`), or the whole file when it is no longer than that (`whole: true`).
 * For reading a header without inflating the pixels. Errors as `readEntrySource`.
 */
export function readEntryPrefix(
  source: EntrySource,
  bytes: number,
  scratch: Scratch = freshBuffer,
): { bytes: Buffer; whole: boolean } {
  const whole = () => ({ bytes: readEntrySource(source, scratch), whole: true });
  if (source.compressedSize <= bytes) return whole();
  const fd = openSync(source.file, 'r');
  let stored: Buffer;
  try {
    const dataStart = localDataStart(fd, source);
    stored = scratch(bytes);
    if (readFully(fd, stored, dataStart) < bytes) {
      throw new ZipEntryDamaged(source.path, 'the archive ends inside this file');
    }
  } finally {
    closeSync(fd);
  }
  if (source.method === STORED) return { bytes: stored, whole: false };
  if (source.method !== DEFLATED) return whole();
  try {
    // A sync flush at the end: the stream is cut, and zlib hands back what the bytes so far decode to.
    const out = inflateRawSync(stored, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: MAX_PREFIX_OUTPUT });
    return { bytes: out, whole: false };
  } catch {
    // Damaged, or more than a header could be: reading the whole file says which.
    return whole();
  }
}

function localDataStart(fd: number, source: EntrySource): number {
  const header = Buffer.alloc(LOCAL_HEADER_BYTES);
  if (readFully(fd, header, source.localHeaderOffset) < LOCAL_HEADER_BYTES) {
    throw new ZipEntryDamaged(source.path, 'the archive ends inside this file');
  }
  if (header.readUInt32LE(0) !== LOCAL_HEADER) {
    throw new ZipEntryDamaged(source.path, 'invalid local file header signature');
  }
  return source.localHeaderOffset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
}

function readFully(fd: number, into: Buffer, position: number): number {
  let at = 0;
  while (at < into.length) {
    const count = readSync(fd, into, at, into.length - at, position + at);
    if (count === 0) break;
    at += count;
  }
  return at;
}

/** Inflated bytes stop at the declared size: an entry that lies about its size is refused at the lie. */
function unpack(method: number, data: Buffer, cap: number, path: string): Buffer {
  const tooBig = () => new ZipRefused(`"${path}" unpacks to more than its declared ${cap} bytes`);
  if (method === STORED) {
    if (data.length > cap) throw tooBig();
    return data;
  }
  if (method !== DEFLATED) throw new ZipEntryDamaged(path, `compression method ${method} is not supported`);
  try {
    // One output chunk when the declared size allows: zlib then fills the buffer it will hand back.
    const chunkSize = Math.min(Math.max(64 * 1024, cap + 1), 16 * 1024 * 1024);
    const out = inflateRawSync(data, { maxOutputLength: Math.max(1, cap), chunkSize });
    if (out.length > cap) throw tooBig();
    return out;
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
    throw new ZipEntryDamaged(path, (error as Error).message);
  }
}
