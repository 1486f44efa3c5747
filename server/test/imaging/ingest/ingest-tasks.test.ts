import { open } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { runIngestTask } from '../../../src/imaging/ingest/ingest-tasks.ts';
import { warmUpSample } from '../../../src/imaging/ingest/warm-up-sample.ts';
import { openZip, type ZipEntry } from '../../../src/imaging/zip/read-zip.ts';
import { noisySeries, scratch } from './ingest-fixtures.ts';

let s: Awaited<ReturnType<typeof scratch>>;
afterEach(async () => {
  await s?.cleanup();
});

async function zippedSources(files: { name: string; bytes: Uint8Array }[], compress = true) {
  await s.zip(files, compress);
  return (await openZip(s.zipPath)).entries.map((e: ZipEntry) => e.source);
}

/** Writes `bytes` over the zip at `offset` into the entry's stored data. */
async function spoil(source: ZipEntry['source'], offset: number, length: number): Promise<void> {
  const handle = await open(s.zipPath, 'r+');
  await handle.write(
    Buffer.alloc(length, 0xff),
    0,
    length,
    source.localHeaderOffset + 30 + source.path.length + offset,
  );
  await handle.close();
}

describe("the ingest threads' per-file tasks", () => {
  it("scan reads a deflated file's header alone: damage in its pixels is left to prepare", async () => {
    s = await scratch();
    const [source] = await zippedSources(noisySeries(1));
    expect(source!.compressedSize).toBeGreaterThan(64 * 1024);
    await spoil(source!, 50_000, 4000);
    expect(runIngestTask({ op: 'scan', source: source! })).toMatchObject({ kind: 'usable' });
    const prepared = await runIngestTask({
      op: 'prepare',
      source: source!,
      frames: [{ frame: 0, pixels: false, compressed: true }],
      pseudonym: 'CASE-1',
      uidSecret: 'k',
      volume: { version: 2, level: 1, voxels: 256 * 256 },
    });
    expect(prepared.kind).toBe('damaged');
  });

  it("scan checks the pixel data against the file's whole length, from the header alone", async () => {
    s = await scratch();
    const [whole] = noisySeries(1);
    // Cut 10 KB short: the pixel data element declares more than the file holds.
    const cut = { name: 'CUT.dcm', bytes: whole!.bytes.subarray(0, whole!.bytes.length - 10_000) };
    for (const compress of [true, false]) {
      const [source] = await zippedSources([cut], compress);
      expect(runIngestTask({ op: 'scan', source: source! })).toMatchObject({
        kind: 'set-aside',
        setAside: { code: 'truncated' },
      });
    }
  });

  it('scan reads the whole file when the beginning does not tell, and answers the same', async () => {
    s = await scratch();
    const [image] = noisySeries(1);
    // Not DICOM at its start: the header path cannot tell, the whole file says what it is.
    const junk = new Uint8Array(image!.bytes.length).fill(7);
    const [fromImage, fromJunk] = await zippedSources([image!, { name: 'JUNK', bytes: junk }], false);
    expect(runIngestTask({ op: 'scan', source: fromImage! })).toMatchObject({ kind: 'usable' });
    expect(runIngestTask({ op: 'scan', source: fromJunk! })).toMatchObject({
      kind: 'set-aside',
      setAside: { code: 'not-dicom' },
    });
  });

  it('warm-up runs its sample through both passes and leaves the next file of a case as it would have been', async () => {
    s = await scratch();
    const [source] = await zippedSources(noisySeries(1));
    const prepare = () =>
      runIngestTask({
        op: 'prepare',
        source: source!,
        frames: [{ frame: 0, pixels: true, compressed: true }],
        pseudonym: 'CASE-1',
        uidSecret: 'k',
        volume: { version: 2, level: 1, voxels: 256 * 256 },
      });
    const before = await prepare();
    expect(before.kind).toBe('prepared');
    // The sample is a CT slice both passes take (warm-up throws otherwise): the real code paths run.
    expect(readInstance(warmUpSample())).toMatchObject({ ok: true, instance: { rows: 512, columns: 512 } });
    await expect(runIngestTask({ op: 'warm-up', files: 2 })).resolves.toEqual({ kind: 'warm' });
    // Its own pseudonym and UID key do not leak into the case's next file: same name, same pixels.
    const after = await prepare();
    expect(after).toMatchObject({ kind: 'prepared', name: (before as { name: string }).name });
    const pixelsOf = (o: typeof before) => (o.kind === 'prepared' ? o.frames[0]?.pixels : undefined);
    expect(pixelsOf(after)).toEqual(pixelsOf(before));
  });
});
