import { open, readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createUidMapper } from '../../../src/imaging/dicom/deidentify.ts';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { assembleSeries, SeriesFileFailed } from '../../../src/imaging/ingest/assemble-series.ts';
import type { ScannedFile } from '../../../src/imaging/ingest/scan-archive.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import type { VolumeGeometry } from '../../../src/imaging/volume/geometry.ts';
import { groupSeries, type SeriesPhase } from '../../../src/imaging/volume/series.ts';
import { openZip, type ZipEntry } from '../../../src/imaging/zip/read-zip.ts';
import { scratch } from './ingest-fixtures.ts';

let s: Awaited<ReturnType<typeof scratch>>;
afterEach(async () => {
  await s?.cleanup();
});

/**
 * The phantom's files in a stored zip, and a way to spoil one of them after pass 1 (`spoil`), as a disk
 * error or a bad sector would.
 */
async function scannedFiles(): Promise<{ files: ScannedFile[]; spoil(file: number): Promise<void> }> {
  const series = phantomSeries({ count: 6 });
  await s.zip(series, false);
  const { entries } = await openZip(s.zipPath);
  const files = entries.map((entry, file) => {
    const read = readInstance((series[file] as (typeof series)[number]).bytes);
    if (!read.ok) throw new Error(read.setAside.reason);
    return {
      entry,
      instance: read.instance,
      report: { path: entry.path, bytes: entry.size, outcome: 'candidate' as const },
    };
  });
  return {
    files,
    async spoil(file) {
      const { localHeaderOffset, path } = (entries[file] as ZipEntry).source;
      // Over the local header's name and the file's first bytes: its DICM preamble and file meta.
      const handle = await open(s.zipPath, 'r+');
      await handle.write(Buffer.alloc(400, 0x47), 0, 400, localHeaderOffset + 30 + Buffer.byteLength(path));
      await handle.close();
    },
  };
}

describe('assembleSeries', () => {
  it('names the file that failed in pass 2 and leaves no partial output', async () => {
    s = await scratch();
    const { files, spoil } = await scannedFiles();
    const [group] = groupSeries(
      files.map((f, file) => ({ file, instance: f.instance as NonNullable<ScannedFile['instance']> })),
    );
    await spoil(3);
    const run = assembleSeries({
      group: group as NonNullable<typeof group> & { geometry: VolumeGeometry; phases: SeriesPhase[] },
      files,
      workDir: s.work,
      pseudonym: 'CASE-1',
      uidSecret: 'k',
      mapUid: createUidMapper('k'),
    });
    await expect(run).rejects.toBeInstanceOf(SeriesFileFailed);
    await expect(run).rejects.toMatchObject({ file: 3 });
    expect(await readdir(s.work)).toEqual([]);
  });
});
