import { closeSync, openSync, writeSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { ZipEntry } from '../zip/read-zip.ts';
import { ZipEntryDamaged } from '../zip/zip-refused.ts';

export interface InflatedCache {
  /**
   * Keeps a compressed entry's inflated bytes and answers an entry that reads them back, so the second
   * pass does not inflate the file again. Stored entries are answered as they are: reading them back from
   * the zip costs no more than from here.
   */
  keep(entry: ZipEntry, bytes: Uint8Array): ZipEntry;
  /** Closes and removes the file; the entries it answered can no longer be read. */
  remove(): Promise<void>;
}

/**
 * One file in the job's folder holding the inflated images pass 1 found usable, back to back. Inflating a
 * deflated CT zip a second time cost about a third of the ingest's CPU; writing the bytes once and reading
 * them back costs a copy into and out of the page cache. Memory stays flat: nothing is held here.
 */
export function createInflatedCache(path: string): InflatedCache {
  // Written synchronously (into the page cache): an async write would queue on libuv's thread pool
  // behind the next entries' inflate jobs.
  const fd = openSync(path, 'w+');
  let writable = true;
  let end = 0;
  let reader: ReturnType<typeof open> | undefined;

  return {
    keep(entry, bytes) {
      if (entry.compressedSize >= entry.size) return entry;
      if (!writable) throw new Error('the inflated-image cache is closed');
      const start = end;
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at, start + at);
      end += bytes.length;
      const length = bytes.length;
      return {
        path: entry.path,
        compressedSize: entry.compressedSize,
        size: entry.size,
        read: async () => {
          reader ??= open(path, 'r');
          const out = Buffer.allocUnsafe(length);
          const { bytesRead } = await (await reader).read(out, 0, length, start);
          if (bytesRead < length) throw new ZipEntryDamaged(entry.path, 'the inflated copy ends early');
          return out;
        },
      };
    },
    async remove() {
      if (writable) closeSync(fd);
      writable = false;
      await reader?.then((handle) => handle.close()).catch(() => undefined);
      await rm(path, { force: true });
    },
  };
}
