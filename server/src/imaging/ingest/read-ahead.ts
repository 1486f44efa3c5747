import type { ZipEntry } from '../zip/read-zip.ts';

/** Read ahead a few entries so inflating the next file overlaps parsing this one, within a byte budget. */
const MAX_AHEAD_ENTRIES = 4;
const MAX_AHEAD_BYTES = 64 * 1024 * 1024;

export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; error: unknown };

/**
 * Yields each entry's bytes in the given order. Reads run ahead by a bounded number of entries and
 * bytes (always at least one), so memory stays flat whatever the archive size.
 */
export async function* readInOrder(
  entries: readonly ZipEntry[],
  signal?: AbortSignal,
): AsyncGenerator<{ index: number; entry: ZipEntry; read: ReadOutcome }> {
  const pending: { index: number; entry: ZipEntry; promise: Promise<ReadOutcome> }[] = [];
  let next = 0;
  let aheadBytes = 0;
  const start = () => {
    while (
      next < entries.length &&
      (pending.length === 0 || (pending.length < MAX_AHEAD_ENTRIES && aheadBytes < MAX_AHEAD_BYTES))
    ) {
      const entry = entries[next] as ZipEntry;
      aheadBytes += entry.size;
      const promise = entry.read().then(
        (bytes): ReadOutcome => ({ ok: true, bytes }),
        (error: unknown): ReadOutcome => ({ ok: false, error }),
      );
      pending.push({ index: next, entry, promise });
      next++;
    }
  };
  start();
  while (pending.length > 0) {
    signal?.throwIfAborted();
    const head = pending.shift() as (typeof pending)[number];
    const read = await head.promise;
    aheadBytes -= head.entry.size;
    start();
    yield { index: head.index, entry: head.entry, read };
  }
}
