import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createUidMapper } from '../../../src/imaging/dicom/deidentify.ts';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { assembleSeries, SeriesFileFailed } from '../../../src/imaging/ingest/assemble-series.ts';
import type { ScannedFile } from '../../../src/imaging/ingest/scan-archive.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import type { VolumeGeometry } from '../../../src/imaging/volume/geometry.ts';
import { groupSeries } from '../../../src/imaging/volume/series.ts';
import { scratch } from './ingest-fixtures.ts';

let s: Awaited<ReturnType<typeof scratch>>;
afterEach(async () => {
  await s?.cleanup();
});

/** Files whose bytes change after pass 1, as a disk error or a bad sector would make them. */
function scannedFiles(spoil: number): ScannedFile[] {
  return phantomSeries({ count: 6 }).map((f, file) => {
    const read = readInstance(f.bytes);
    if (!read.ok) throw new Error(read.setAside.reason);
    let reads = 0;
    return {
      entry: {
        path: f.name,
        size: f.bytes.length,
        compressedSize: f.bytes.length,
        read: async () => (file === spoil && reads++ > 0 ? Buffer.from('garbage') : Buffer.from(f.bytes)),
      },
      instance: read.instance,
      report: { path: f.name, bytes: f.bytes.length, outcome: 'candidate' },
    };
  });
}

describe('assembleSeries', () => {
  it('names the file that failed in pass 2 and leaves no partial output', async () => {
    s = await scratch();
    const files = scannedFiles(3);
    const [group] = groupSeries(
      files.map((f, file) => ({ file, instance: f.instance as NonNullable<ScannedFile['instance']> })),
    );
    for (const f of files) await f.entry.read();
    const run = assembleSeries({
      group: group as NonNullable<typeof group> & { geometry: VolumeGeometry },
      files,
      workDir: s.work,
      pseudonym: 'CASE-1',
      mapUid: createUidMapper('k'),
    });
    await expect(run).rejects.toBeInstanceOf(SeriesFileFailed);
    await expect(run).rejects.toMatchObject({ file: 3 });
    expect(await readdir(s.work)).toEqual([]);
  });
});
