import type { ZipLimits } from './zip-limits.ts';

/** What the central directory says about one entry, before any of its data is read. */
export interface CentralEntry {
  fileName: string;
  externalFileAttributes: number;
  generalPurposeBitFlag: number;
  compressedSize: number;
  uncompressedSize: number;
}

export type EntryVerdict = { kind: 'keep'; path: string } | { kind: 'skip' } | { kind: 'refuse'; reason: string };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const ENCRYPTED_FLAG = 0x1;

/** Operating-system clutter that is never a DICOM file. */
const JUNK_NAMES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

/** Judges one entry on its declared metadata. Paths are normalised with backslashes read as separators. */
export function judgeEntry(entry: CentralEntry, limits: ZipLimits): EntryVerdict {
  const path = entry.fileName.replace(/\\/g, '/');
  const unsafe = unsafePathReason(path);
  if (unsafe) return { kind: 'refuse', reason: `${unsafe}: "${printable(entry.fileName)}"` };

  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) return { kind: 'refuse', reason: `the archive contains a symbolic link: "${printable(path)}"` };
  if ((entry.generalPurposeBitFlag & ENCRYPTED_FLAG) !== 0) {
    return { kind: 'refuse', reason: `the archive contains an encrypted file: "${printable(path)}"` };
  }
  if (path.endsWith('/') || mode === S_IFDIR) return { kind: 'skip' };
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    return {
      kind: 'refuse',
      reason: `"${printable(path)}" would unpack to ${entry.uncompressedSize} bytes, above the limit of ${limits.maxEntryBytes}`,
    };
  }
  if (entry.uncompressedSize >= limits.ratioFloorBytes && ratio(entry) > limits.maxCompressionRatio) {
    return {
      kind: 'refuse',
      reason: `"${printable(path)}" is compressed ${Math.round(ratio(entry))}:1, above the limit of ${limits.maxCompressionRatio}:1 (zip bomb)`,
    };
  }
  if (isJunk(path)) return { kind: 'skip' };
  return { kind: 'keep', path };
}

function unsafePathReason(path: string): string | undefined {
  if (path.length === 0) return 'the archive contains an entry without a name';
  if (path.includes('\u0000')) return 'the archive contains a file name with a NUL character';
  if (path.startsWith('/')) return 'the archive contains an absolute path';
  if (/^[a-zA-Z]:/.test(path)) return 'the archive contains a drive-letter path';
  if (path.split('/').includes('..')) return 'the archive contains a path that climbs out of its folder (..)';
  return undefined;
}

function isJunk(path: string): boolean {
  const segments = path.split('/');
  if (segments.some((s) => s === '__MACOSX')) return true;
  const name = (segments[segments.length - 1] ?? '').toLowerCase();
  return JUNK_NAMES.has(name) || name.startsWith('._');
}

function ratio(entry: CentralEntry): number {
  return entry.uncompressedSize / Math.max(1, entry.compressedSize);
}

function printable(path: string): string {
  const clean = Array.from(path, (ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' ? '?' : ch)).join('');
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}
