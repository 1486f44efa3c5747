import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { judgeEntry } from './entry-policy.ts';
import type { EntrySource } from './entry-source.ts';
import { resolveZipLimits, type ZipLimits } from './zip-limits.ts';
import { ZipRefused } from './zip-refused.ts';

/** One file of the archive. Data is read on demand, as often as needed, straight from the zip. */
export interface ZipEntry {
  /** Path inside the archive, `/`-separated, already checked to be safe. */
  path: string;
  compressedSize: number;
  /** Declared uncompressed size; reading refuses to inflate more than this. */
  size: number;
  /** Where the bytes are, as data any thread can read (`readEntrySource`). */
  source: EntrySource;
}

export interface ZipArchive {
  /** The files worth looking at, in central-directory order (folders and OS clutter left out). */
  entries: readonly ZipEntry[];
  /** Folders and clutter (`__MACOSX/`, `.DS_Store`, `Thumbs.db`) passed over. */
  skipped: number;
}

/**
 * Opens a zip file and validates its whole central directory before any data is read: one unsafe
 * entry refuses the archive (`ZipRefused`). Nothing is written to disk, and nothing is left open: each
 * read opens the file for itself, on whichever thread reads it.
 */
export async function openZip(zipPath: string, limitOverrides?: Partial<ZipLimits>): Promise<ZipArchive> {
  const limits = resolveZipLimits(limitOverrides);
  const zip = await openYauzl(zipPath);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ZipRefused(`the archive has ${zip.entryCount} entries, above the limit of ${limits.maxEntries}`);
    }
    const { kept, skipped } = await readCentralDirectory(zip, limits);
    return { entries: kept.map(({ entry, path }) => toZipEntry(zipPath, entry, path, limits)), skipped };
  } finally {
    zip.close();
  }
}

async function openYauzl(zipPath: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      // Sizes are enforced while unpacking (`unpack`), so an entry that lies is refused, not "damaged".
      validateEntrySizes: false,
    });
  } catch (error) {
    if (isNodeIoError(error)) throw error;
    throw new ZipRefused('not a zip archive');
  }
}

async function readCentralDirectory(zip: ZipFile, limits: ZipLimits) {
  const kept: { entry: Entry; path: string }[] = [];
  let skipped = 0;
  let declaredTotal = 0;
  let compressedTotal = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const fileName = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      const verdict = judgeEntry({ ...entry, fileName }, limits);
      if (verdict.kind === 'refuse') throw new ZipRefused(verdict.reason);
      declaredTotal += entry.uncompressedSize;
      compressedTotal += entry.compressedSize;
      if (declaredTotal > limits.maxTotalBytes) {
        throw new ZipRefused(`the archive would unpack to more than ${limits.maxTotalBytes} bytes`);
      }
      if (verdict.kind === 'skip') skipped += 1;
      else kept.push({ entry, path: verdict.path });
    }
  } catch (error) {
    if (error instanceof ZipRefused || isNodeIoError(error)) throw error;
    throw new ZipRefused(`the archive is damaged (${(error as Error).message})`);
  }
  if (
    declaredTotal >= limits.archiveRatioFloorBytes &&
    declaredTotal / Math.max(1, compressedTotal) > limits.maxCompressionRatio
  ) {
    throw new ZipRefused(
      `the archive is compressed ${Math.round(declaredTotal / Math.max(1, compressedTotal))}:1, above the limit of ${limits.maxCompressionRatio}:1 (zip bomb)`,
    );
  }
  return { kept, skipped };
}

function toZipEntry(zipPath: string, entry: Entry, path: string, limits: ZipLimits): ZipEntry {
  const source: EntrySource = {
    file: zipPath,
    path,
    localHeaderOffset: entry.relativeOffsetOfLocalHeader,
    method: entry.compressionMethod,
    compressedSize: entry.compressedSize,
    cap: Math.min(entry.uncompressedSize, limits.maxEntryBytes),
  };
  return {
    path,
    compressedSize: entry.compressedSize,
    size: entry.uncompressedSize,
    source,
  };
}

function isNodeIoError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ERR_INVALID_ARG_TYPE';
}
