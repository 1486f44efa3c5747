import { readInstance } from '../dicom/read-instance.ts';
import type { FileReport, ParsedInstance } from '../types.ts';
import type { ZipEntry } from '../zip/read-zip.ts';
import { ZipEntryDamaged } from '../zip/zip-refused.ts';
import type { InflatedCache } from './inflated-cache.ts';
import { readInOrder } from './read-ahead.ts';

export interface ScannedFile {
  entry: ZipEntry;
  report: FileReport;
  /** Present when the file is a usable CT image. */
  instance?: ParsedInstance;
}

/**
 * Pass 1: every file's header is read and the file is either kept as a CT image or set aside with its
 * reason. Pixels are not decoded and no bytes are held in memory; with a `cache`, the inflated bytes of
 * the usable images are kept on disk for pass 2 and their entries read from there.
 */
export async function scanArchive(
  entries: readonly ZipEntry[],
  signal?: AbortSignal,
  cache?: InflatedCache,
): Promise<ScannedFile[]> {
  const scanned: ScannedFile[] = [];
  for await (const { entry, read } of readInOrder(entries, signal)) {
    const report: FileReport = { path: entry.path, bytes: entry.size, outcome: 'set-aside' };
    if (!read.ok) {
      if (!(read.error instanceof ZipEntryDamaged)) throw read.error;
      scanned.push({ entry, report: { ...report, code: 'corrupt', reason: read.error.message } });
      continue;
    }
    const result = readInstance(read.bytes);
    if (!result.ok) {
      scanned.push({ entry, report: { ...report, code: result.setAside.code, reason: result.setAside.reason } });
    } else if (!result.instance.frames?.length) {
      const reason = 'The image has no position or orientation in the patient';
      scanned.push({ entry, report: { ...report, code: 'unusable-geometry', reason } });
    } else {
      const seriesInstanceUid = result.instance.seriesInstanceUid;
      scanned.push({
        entry: cache ? cache.keep(entry, read.bytes) : entry,
        instance: result.instance,
        report: { ...report, outcome: 'candidate', seriesInstanceUid },
      });
    }
  }
  return scanned;
}
