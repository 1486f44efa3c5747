import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RESERVED_SEGMENT_PREFIX } from '../object-key.ts';
import { StorageError } from '../storage-error.ts';

export const TEMP_PREFIX = `${RESERVED_SEGMENT_PREFIX}tmp-`;

/** Counts and hashes bytes as they pass, failing the stream the moment the limit is crossed. */
function limitAndHash(maxBytes: number | undefined) {
  let size = 0;
  const md5 = createHash('md5');
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) {
        callback(new StorageError('too_large', `The object is larger than the limit of ${maxBytes} bytes.`));
        return;
      }
      md5.update(chunk);
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ size, etag: md5.digest('hex') }) };
}

/**
 * Streams `source` to a temporary file in the target's own folder, then flushes it to disk and renames
 * it over the target: a reader sees the old object or the new one, never half of one. On any failure
 * (limit crossed, client gone) the temporary file is removed and nothing else changes.
 */
export async function writeFileAtomically(
  target: string,
  source: NodeJS.ReadableStream | Buffer,
  opts: { maxBytes?: number } = {},
): Promise<{ size: number; etag: string }> {
  const folder = dirname(target);
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `${TEMP_PREFIX}${randomUUID()}`);
  const counter = limitAndHash(opts.maxBytes);
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  try {
    // flush: fsync before close, so the rename below never publishes a file whose bytes are not on disk.
    await pipeline(input, counter.transform, createWriteStream(temporary, { flags: 'wx', mode: 0o644, flush: true }));
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
  return counter.result();
}

/**
 * Streams `source` into the existing file `target` at byte `position` and flushes it to disk: one part
 * of an upload assembled in place. Bytes beyond `maxBytes` fail the write (what came before stays, to
 * be replaced by a retry). Nothing else in the file changes.
 */
export async function writeFileRange(
  target: string,
  position: number,
  source: NodeJS.ReadableStream,
  opts: { maxBytes?: number } = {},
): Promise<{ size: number; etag: string }> {
  const counter = limitAndHash(opts.maxBytes);
  await pipeline(source, counter.transform, createWriteStream(target, { flags: 'r+', start: position, flush: true }));
  return counter.result();
}

/** Makes a rename in the folder durable across a power cut. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
