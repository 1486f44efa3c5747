// The de-identification's own cost in an ingest: every file of a bench zip read and parsed as the ingest
// does, then only `deidentifiedParts` timed, on this process's one thread. Compared with the ingest's
// server CPU time for the same zip, it says what share of the ingest the de-identification is.
import { createUidMapper, deidentifiedParts } from '../../server/src/imaging/dicom/deidentify.ts';
import { readInstance } from '../../server/src/imaging/dicom/read-instance.ts';
import { readEntrySource } from '../../server/src/imaging/zip/entry-source.ts';
import { openZip } from '../../server/src/imaging/zip/read-zip.ts';

export interface DeidTiming {
  files: number;
  /** Wall time of the calls. */
  milliseconds: number;
  /** CPU time of the calls (user + system): on a loaded machine, wall time counts the waits for a core. */
  cpuMilliseconds: number;
}

/**
 * Runs twice over the first files first, so that what is timed is compiled code, as in a warm ingest.
 * The compressed bytes go to one reused buffer, as on the ingest's threads: fresh 0.5 MB buffers per file
 * would have the collector run inside the timed calls.
 */
export async function timeDeidentification(zipPath: string): Promise<DeidTiming> {
  const { entries } = await openZip(zipPath);
  const p = { pseudonym: 'BENCH-CASE', mapUid: createUidMapper('bench-secret') };
  const warmUp = entries.slice(0, 20);
  let milliseconds = 0;
  let cpuMicroseconds = 0;
  let files = 0;
  let buffer = Buffer.alloc(0);
  const scratch = (bytes: number) => {
    if (buffer.length < bytes) buffer = Buffer.allocUnsafeSlow(bytes);
    return buffer.subarray(0, bytes);
  };
  for (const [i, entry] of [...warmUp, ...warmUp, ...entries].entries()) {
    const read = readInstance(readEntrySource(entry.source, scratch));
    if (!read.ok) continue;
    const started = performance.now();
    const cpu = process.cpuUsage();
    deidentifiedParts(read.source, p);
    const used = process.cpuUsage(cpu);
    if (i < warmUp.length * 2) continue;
    milliseconds += performance.now() - started;
    cpuMicroseconds += used.user + used.system;
    files++;
  }
  return { files, milliseconds, cpuMilliseconds: cpuMicroseconds / 1000 };
}
