// The de-identification's own cost in an ingest: every file of a bench zip read and parsed as the ingest
// does, then only `deidentifiedParts` timed, on this process's one thread. Compared with the ingest's
// server CPU time for the same zip, it says what share of the ingest the de-identification is.
import { createUidMapper, deidentifiedParts } from '../../server/src/imaging/dicom/deidentify.ts';
import { readInstance } from '../../server/src/imaging/dicom/read-instance.ts';
import { readEntrySource } from '../../server/src/imaging/zip/entry-source.ts';
import { openZip } from '../../server/src/imaging/zip/read-zip.ts';

export interface DeidTiming {
  files: number;
  milliseconds: number;
}

/** Runs twice over the first files first, so that what is timed is compiled code, as in a warm ingest. */
export async function timeDeidentification(zipPath: string): Promise<DeidTiming> {
  const { entries } = await openZip(zipPath);
  const p = { pseudonym: 'BENCH-CASE', mapUid: createUidMapper('bench-secret') };
  const warmUp = entries.slice(0, 20);
  let milliseconds = 0;
  let files = 0;
  for (const [i, entry] of [...warmUp, ...warmUp, ...entries].entries()) {
    const read = readInstance(readEntrySource(entry.source));
    if (!read.ok) continue;
    const started = performance.now();
    deidentifiedParts(read.source, p);
    if (i < warmUp.length * 2) continue;
    milliseconds += performance.now() - started;
    files++;
  }
  return { files, milliseconds };
}
