import { closeSync, openSync, write as writeAt, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { flushBehind } from '../flush-behind.ts';

/**
 * What another thread needs to write files into the zip itself: the file, its end (a shared counter,
 * so every writer reserves its own range) and the entries' timestamp. Plain data: it is posted to the
 * ingest threads with each task.
 */
export interface SharedZipTarget {
  file: string;
  /** One BigInt64: the offset where the next entry goes. */
  end: SharedArrayBuffer;
  time: number;
  date: number;
}

/** An entry another thread wrote into the zip (`writeZipEntry`), for its central directory. */
export interface WrittenZipEntry {
  name: string;
  crc: number;
  size: number;
  localOffset: number;
  /** Bytes the entry took: header, name, data. */
  bytes: number;
}

export interface DeidentifiedZip {
  /** For threads that write entries themselves (`writeZipEntry`); `recordWritten` each one here. */
  readonly shared: SharedZipTarget;
  /** Lists an entry another thread wrote, in the central directory (in the order recorded). */
  recordWritten(entry: WrittenZipEntry): void;
  /**
   * Adds one file, stored (DICOM pixels barely compress and stored is fastest to read back), given whole
   * or as the consecutive chunks it is made of.
   */
  add(name: string, bytes: Uint8Array | readonly Uint8Array[]): Promise<void>;
  /** Writes the central directory and closes the file; answers the number of files in the zip. */
  finish(): Promise<number>;
  abort(): Promise<void>;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const UTF8_NAMES = 0x0800;
const MADE_BY_UNIX = 3 << 8;
const FILE_MODE = 0o100664;
const MAX_U32 = 0xffffffff;
const MAX_U16 = 0xffff;
/** Chunks below this are joined before writing: one system call instead of hundreds per file. */
const SMALL_CHUNK = 64 * 1024;
/** Small pieces are written once this many bytes of them have gathered (or a large piece comes). */
const SMALL_BATCH = 1024 * 1024;
/** Bytes handed to the thread pool and not written yet; `add` waits beyond this, so memory stays flat. */
const MAX_UNWRITTEN = 16 * 1024 * 1024;

/**
 * Writes the pseudonymised DICOM files into one stored zip at `path`, each file as soon as it is added
 * (memory holds only the ~100-byte central-directory record per file). A small writer of our own rather
 * than yazl: every file's CRC is known up front, and Node's native crc32 is about 20× faster than yazl's
 * JavaScript one, which cost ~1.5 s of main-thread time per 500 CT slices. Offsets past 4 GB and more
 * than 65,535 files use the zip64 records.
 */
export function createDeidentifiedZip(path: string): DeidentifiedZip {
  // Written by positioned writes on libuv's thread pool, a few files ahead: written synchronously, the
  // ~250 MB of a 500-slice series cost ~0.8 s of the ingest's main thread (page-cache copies slowed by
  // the background flushes), time the pass now spends decoding the next slices instead.
  const fd = openSync(path, 'w');
  const flusher = flushBehind(fd);
  let open = true;
  const { time, date } = dosDateTime(new Date());
  const shared: SharedZipTarget = { file: path, end: new SharedArrayBuffer(8), time, date };
  const end = new BigInt64Array(shared.end);
  /** Where this thread's next piece goes; a new entry starts where its reservation says. */
  let offset = 0;
  let unwritten = 0;
  const writes: Promise<void>[] = [];
  let failure: Error | null = null;
  const central: Buffer[] = [];

  /**
   * Small pieces (zip headers, names, element headers and values) are gathered and written together,
   * large ones (pixel data) go as they are: one thread-pool write per image rather than dozens, and a
   * few per thousand tiny files.
   */
  let small: Uint8Array[] = [];
  let smallBytes = 0;
  let smallStart = 0;
  const writeChunks = (chunks: readonly Uint8Array[]) => {
    for (const chunk of chunks) write(chunk);
  };
  /** Queues `bytes` at the current end; the caller must not change them afterwards. */
  const write = (bytes: Uint8Array) => {
    if (bytes.length < SMALL_CHUNK) {
      if (smallBytes === 0) smallStart = offset;
      small.push(bytes);
      smallBytes += bytes.length;
      offset += bytes.length;
      if (smallBytes >= SMALL_BATCH) flushSmall();
      return;
    }
    flushSmall();
    queueWrite(bytes, offset);
    offset += bytes.length;
  };
  const flushSmall = () => {
    if (smallBytes === 0) return;
    queueWrite(small.length === 1 ? (small[0] as Uint8Array) : Buffer.concat(small, smallBytes), smallStart);
    small = [];
    smallBytes = 0;
  };
  const queueWrite = (bytes: Uint8Array, position: number) => {
    unwritten += bytes.length;
    const done = writeFully(fd, bytes, position).then(
      () => {
        unwritten -= bytes.length;
        flusher.wrote(bytes.length);
      },
      (error: Error) => {
        unwritten -= bytes.length;
        failure ??= error;
      },
    );
    writes.push(done);
    done.then(() => writes.splice(writes.indexOf(done), 1));
  };
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  const written = async () => {
    flushSmall();
    await Promise.all(writes);
    throwIfFailed();
  };
  const closeOnce = async () => {
    const wasOpen = open;
    open = false;
    await Promise.all(writes);
    await flusher.settled();
    if (wasOpen) closeSync(fd);
  };

  return {
    shared,
    async add(name, bytes) {
      if (!open) throw new Error('the de-identified zip is closed');
      throwIfFailed();
      const chunks: readonly Uint8Array[] = bytes instanceof Uint8Array ? [bytes] : bytes;
      let size = 0;
      let crc = 0;
      for (const chunk of chunks) {
        size += chunk.length;
        crc = crc32(chunk, crc);
      }
      if (size >= MAX_U32) throw new Error(`"${name}" is too large for a stored zip entry`);
      const fileName = Buffer.from(name, 'utf8');
      const local = localHeader(fileName, crc, size, time, date);
      const localOffset = reserve(end, local.length + size);
      // Small pieces gather across entries only while this thread's entries lie back to back.
      if (localOffset !== offset) flushSmall();
      offset = localOffset;
      write(local);
      writeChunks(chunks);
      central.push(centralRecord(fileName, crc, size, localOffset, time, date));
      while (unwritten > MAX_UNWRITTEN && writes.length > 0) await writes[0];
      throwIfFailed();
    },
    recordWritten(entry) {
      const fileName = Buffer.from(entry.name, 'utf8');
      central.push(centralRecord(fileName, entry.crc, entry.size, entry.localOffset, time, date));
      flusher.wrote(entry.bytes);
    },
    async finish() {
      flushSmall();
      offset = Number(Atomics.load(end, 0));
      const start = offset;
      for (const record of central) write(record);
      const size = offset - start;
      const count = central.length;
      if (count > MAX_U16 || start >= MAX_U32 || size >= MAX_U32) {
        const zip64End = offset;
        const record = Buffer.alloc(56);
        record.writeUInt32LE(ZIP64_END, 0);
        record.writeBigUInt64LE(44n, 4); // size of the rest of this record
        record.writeUInt16LE(MADE_BY_UNIX | 45, 12);
        record.writeUInt16LE(45, 14);
        record.writeBigUInt64LE(BigInt(count), 24);
        record.writeBigUInt64LE(BigInt(count), 32);
        record.writeBigUInt64LE(BigInt(size), 40);
        record.writeBigUInt64LE(BigInt(start), 48);
        const locator = Buffer.alloc(20);
        locator.writeUInt32LE(ZIP64_LOCATOR, 0);
        locator.writeBigUInt64LE(BigInt(zip64End), 8);
        locator.writeUInt32LE(1, 16); // one disk
        write(record);
        write(locator);
      }
      const endRecord = Buffer.alloc(22);
      endRecord.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
      endRecord.writeUInt16LE(Math.min(count, MAX_U16), 8);
      endRecord.writeUInt16LE(Math.min(count, MAX_U16), 10);
      endRecord.writeUInt32LE(Math.min(size, MAX_U32), 12);
      endRecord.writeUInt32LE(Math.min(start, MAX_U32), 16);
      write(endRecord);
      try {
        await written();
      } finally {
        await closeOnce();
      }
      return count;
    },
    async abort() {
      await closeOnce();
      await rm(path, { force: true });
    },
  };
}

/** Reserves `bytes` at the zip's end for one entry: the offset it starts at. */
function reserve(end: BigInt64Array, bytes: number): number {
  return Number(Atomics.add(end, 0, BigInt(bytes)));
}

/** The local file header of a stored entry, its name included. */
function localHeader(fileName: Buffer, crc: number, size: number, time: number, date: number): Buffer {
  const local = Buffer.alloc(30 + fileName.length);
  local.writeUInt32LE(LOCAL_HEADER, 0);
  local.writeUInt16LE(20, 4); // version needed: 2.0
  local.writeUInt16LE(UTF8_NAMES, 6);
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(size, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  local.writeUInt16LE(0, 28);
  fileName.copy(local, 30);
  return local;
}

/**
 * Writes one stored entry into the zip from any thread, synchronously, at a range reserved at the zip's
 * end: an ingest thread writes the file it de-identified instead of handing 0.5 MB to the job's thread.
 * Never creates the file (a zip removed meanwhile stays gone).
 */
export function writeZipEntry(target: SharedZipTarget, name: string, bytes: Uint8Array, crc: number): WrittenZipEntry {
  if (bytes.length >= MAX_U32) throw new Error(`"${name}" is too large for a stored zip entry`);
  const local = localHeader(Buffer.from(name, 'utf8'), crc, bytes.length, target.time, target.date);
  const localOffset = reserve(new BigInt64Array(target.end), local.length + bytes.length);
  const fd = openSync(target.file, 'r+');
  try {
    writeFullySync(fd, local, localOffset);
    writeFullySync(fd, bytes, localOffset + local.length);
  } finally {
    closeSync(fd);
  }
  return { name, crc, size: bytes.length, localOffset, bytes: local.length + bytes.length };
}

function writeFullySync(fd: number, bytes: Uint8Array, position: number): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at, position + at);
}

function centralRecord(
  fileName: Buffer,
  crc: number,
  size: number,
  localOffset: number,
  time: number,
  date: number,
): Buffer {
  const zip64 = localOffset >= MAX_U32;
  const extra = zip64 ? 12 : 0;
  const record = Buffer.alloc(46 + fileName.length + extra);
  record.writeUInt32LE(CENTRAL_HEADER, 0);
  record.writeUInt16LE(MADE_BY_UNIX | (zip64 ? 45 : 20), 4);
  record.writeUInt16LE(zip64 ? 45 : 20, 6);
  record.writeUInt16LE(UTF8_NAMES, 8);
  record.writeUInt16LE(0, 10); // stored
  record.writeUInt16LE(time, 12);
  record.writeUInt16LE(date, 14);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(size, 20);
  record.writeUInt32LE(size, 24);
  record.writeUInt16LE(fileName.length, 28);
  record.writeUInt16LE(extra, 30);
  // comment length, disk number, internal attributes: 0
  record.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  record.writeUInt32LE(zip64 ? MAX_U32 : localOffset, 42);
  fileName.copy(record, 46);
  if (zip64) {
    const at = 46 + fileName.length;
    record.writeUInt16LE(0x0001, at); // zip64 extended information
    record.writeUInt16LE(8, at + 2);
    record.writeBigUInt64LE(BigInt(localOffset), at + 4);
  }
  return record;
}

/** Writes all of `bytes` at `position` (a write may take fewer bytes than asked). */
function writeFully(fd: number, bytes: Uint8Array, position: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (at: number) =>
      writeAt(fd, bytes, at, bytes.length - at, position + at, (error, count) => {
        if (error) return reject(error);
        if (at + count < bytes.length) return step(at + count);
        resolve();
      });
    step(0);
  });
}

/** MS-DOS date and time fields, local time as zip tools expect. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
