import type { FileReport, ParsedInstance } from '../types.ts';
import type { ZipEntry } from '../zip/read-zip.ts';
import { ZipRefused } from '../zip/zip-refused.ts';
import { inOrder } from './in-order.ts';
import { ingestThreads } from './ingest-threads.ts';

export interface ScannedFile {
  entry: ZipEntry;
  report: FileReport;
  /** Present when the file is a usable CT image. */
  instance?: ParsedInstance;
}

/**
 * Files asked for ahead per ingest thread: results are small (a parsed header), and a thread with tasks
 * waiting never idles while this thread is busy elsewhere (an API request, a garbage collection).
 */
const AHEAD_PER_THREAD = 8;

/**
 * Pass 1: every file's header is read, on the ingest threads, and the file is either kept as a CT image
 * or set aside with its reason. Only the beginning of a file is inflated when its header is all that is
 * needed; pixels are neither decoded nor kept (pass 2 reads the chosen series again).
 */
export async function scanArchive(entries: readonly ZipEntry[], signal?: AbortSignal): Promise<ScannedFile[]> {
  const threads = ingestThreads();
  const scanned: ScannedFile[] = [];
  const reads = inOrder(entries.length, (index) => threads.scan({ source: (entries[index] as ZipEntry).source }), {
    ahead: threads.size * AHEAD_PER_THREAD,
  });
  for await (const { index, result } of reads) {
    signal?.throwIfAborted();
    const entry = entries[index] as ZipEntry;
    const report: FileReport = { path: entry.path, bytes: entry.size, outcome: 'set-aside' };
    switch (result.kind) {
      case 'refused':
        throw new ZipRefused(result.reason);
      case 'damaged':
        scanned.push({ entry, report: { ...report, code: 'corrupt', reason: result.message } });
        break;
      case 'set-aside':
        scanned.push({ entry, report: { ...report, ...result.setAside } });
        break;
      case 'usable':
        scanned.push({
          entry,
          instance: result.instance,
          report: { ...report, outcome: 'candidate', seriesInstanceUid: result.instance.seriesInstanceUid },
        });
    }
  }
  return scanned;
}
