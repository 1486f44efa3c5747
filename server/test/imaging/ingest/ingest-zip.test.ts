import { open, readdir, stat } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createUidMapper } from '../../../src/imaging/dicom/deidentify.ts';
import { type IngestOptions, type IngestResult, ingestZip } from '../../../src/imaging/ingest/ingest-zip.ts';
import { phantomSeries, phantomUid, writePhantomSlice } from '../../../src/imaging/testing/phantom.ts';
import { readVolumeFile } from '../../../src/imaging/volume/volume-file.ts';
import { openZip, type ZipEntry } from '../../../src/imaging/zip/read-zip.ts';
import { renameInZip, writeZip } from '../zip/zip-fixtures.ts';
import { containsAny, differingVoxels, noisySeries, phantomSlice, scratch, shuffled } from './ingest-fixtures.ts';

type Scratch = Awaited<ReturnType<typeof scratch>>;
let s: Scratch;
afterEach(async () => {
  await s?.cleanup();
});

async function ingest(extra: Partial<IngestOptions> = {}): Promise<IngestResult> {
  return ingestZip({ zipPath: s.zipPath, workDir: s.work, pseudonym: 'CASE-0042', uidSecret: 'case-secret', ...extra });
}

function ready(result: IngestResult) {
  if (result.outcome !== 'ready') throw new Error(`invalid: ${result.reasons.join(' ')}`);
  return result;
}

describe('ingestZip on self-made phantoms', () => {
  it('builds the volume in patient order from shuffled, extensionless files in nested folders', async () => {
    s = await scratch();
    const series = phantomSeries({ count: 20, extension: '' });
    // Names run against instance numbers and positions, and the zip lists them shuffled.
    const files = shuffled(series).map((f, i) => ({ name: `DICOM/PA0/ST0/SE0/IM${String(99 - i)}`, bytes: f.bytes }));
    await s.zip([...files, { name: 'DICOMDIR', bytes: new TextEncoder().encode('not really a directory') }]);
    const result = ready(await ingest());
    expect(result.volume).toMatchObject({
      dimensions: [64, 64, 20],
      spacing: [1, 1, 2],
      origin: [-32, -32, 0],
      direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      interpolationType: 0,
      levels: { windowCenter: 40, windowWidth: 400 },
    });
    for (const k of [0, 7, 19]) expect(await differingVoxels(result.volumePath, k, phantomSlice(k, 20))).toBe(0);
    expect(result.files.filter((f) => f.outcome === 'used')).toHaveLength(20);
    expect(result.files.find((f) => f.path === 'DICOMDIR')).toMatchObject({ outcome: 'set-aside', code: 'not-dicom' });
    expect(result.candidates).toHaveLength(1);
    // The phantom's 2 mm slices are thicker than planning wants: that warning, and nothing else.
    expect(result.warnings).toEqual([
      expect.stringMatching(/^Planning quality: the slices are 2 mm thick and 2 mm apart/),
    ]);
    expect(await s.strayFiles()).toEqual([]);
    expect((await readdir(s.work)).sort()).toEqual(['deidentified.zip', 'volume.cmvol']);
  });

  it('orders a series listed backwards, with instance numbers running against the positions', async () => {
    s = await scratch();
    await s.zip([...phantomSeries({ count: 12 })].reverse());
    const result = ready(await ingest());
    expect(result.volume.origin).toEqual([-32, -32, 0]);
    for (const k of [0, 11]) expect(await differingVoxels(result.volumePath, k, phantomSlice(k, 12))).toBe(0);
  });

  it('reads only each header in pass 1: pixels damaged past it are found in pass 2, that file set aside', async () => {
    s = await scratch();
    const series = noisySeries(8);
    await s.zip(series);
    // The fifth file's deflate stream is spoiled well past its header (its first 32 KB compressed).
    const { entries } = await openZip(s.zipPath);
    const fifth = (entries[4] as ZipEntry).source;
    const handle = await open(s.zipPath, 'r+');
    await handle.write(Buffer.alloc(2000, 0xff), 0, 2000, fifth.localHeaderOffset + 30 + fifth.path.length + 60_000);
    await handle.close();
    const lines: string[] = [];
    const result = ready(await ingest({ log: (line) => lines.push(line) }));
    // Pass 1 took it for an image of the series (8 read); pass 2 could not unpack it and went on without it.
    expect(lines.find((l) => l.startsWith('Read 8 header(s)'))).toMatch(/: 8 CT image\(s\)\.$/);
    expect(lines.some((l) => l.startsWith(`Set aside ${fifth.path}: `))).toBe(true);
    expect(result.files.find((f) => f.path === fifth.path)).toMatchObject({ outcome: 'set-aside', code: 'corrupt' });
    // Its place is filled in from its neighbours, as any gap.
    expect(result.files.filter((f) => f.outcome === 'used')).toHaveLength(7);
    expect(result.volume.interpolationType).toBe(1);
  });

  it('writes the volume at the zlib level asked for, the same voxels either way', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 6 }));
    const stored = ready(await ingest({ volumeDeflateLevel: 0 }));
    const storedBytes = (await stat(stored.volumePath)).size;
    for (const k of [0, 5]) expect(await differingVoxels(stored.volumePath, k, phantomSlice(k, 6))).toBe(0);
    // 64×64×6 int16 voxels in deflate's stored blocks: a little over their raw size.
    expect(storedBytes).toBeGreaterThan(64 * 64 * 2 * 6);
    await s.cleanup();
    s = await scratch();
    await s.zip(phantomSeries({ count: 6 }));
    const deflated = ready(await ingest());
    expect((await stat(deflated.volumePath)).size).toBeLessThan(storedBytes / 2);
    for (const k of [0, 5]) expect(await differingVoxels(deflated.volumePath, k, phantomSlice(k, 6))).toBe(0);
  });

  it('stops when aborted and leaves no partial output', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 30 }));
    const abort = new AbortController();
    const log = (line: string) => {
      if (line.startsWith('Series ')) abort.abort(new Error('terminated by staff'));
    };
    await expect(ingest({ signal: abort.signal, log })).rejects.toThrow('terminated by staff');
    expect(await readdir(s.work)).toEqual([]);
  });

  it('drops duplicate slices and reports them', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 10, duplicate: [3, 6] }));
    const result = ready(await ingest());
    expect(result.volume.dimensions).toEqual([64, 64, 10]);
    expect(result.files.filter((f) => f.code === 'duplicate')).toHaveLength(2);
    expect(result.files.filter((f) => f.outcome === 'used')).toHaveLength(10);
    expect(result.warnings).toContain(
      '2 images repeated the position of another and were set aside: IM0005.dcm (same position as IM0004.dcm), ' +
        'IM0009.dcm (same position as IM0008.dcm)',
    );
  });

  it('fills a gap by interpolation onto the regular grid, with interpolation type 1', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 10, skip: [4] }));
    const result = ready(await ingest());
    expect(result.volume.dimensions).toEqual([64, 64, 10]);
    expect(result.volume.spacing).toEqual([1, 1, 2]);
    expect(result.volume.interpolationType).toBe(1);
    expect(await differingVoxels(result.volumePath, 3, phantomSlice(3, 10))).toBe(0);
    expect(await differingVoxels(result.volumePath, 5, phantomSlice(5, 10))).toBe(0);
    const mid = phantomSlice(3, 10);
    const after = phantomSlice(5, 10);
    expect(await differingVoxels(result.volumePath, 4, (r, c) => Math.round((mid(r, c) + after(r, c)) / 2))).toBe(0);
    expect(result.warnings.join(' ')).toMatch(/1 gap/);
  });

  it('puts a gantry-tilted series on an orthogonal grid', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 9, gantryTilt: 15 }));
    const result = ready(await ingest());
    const t = (15 * Math.PI) / 180;
    expect(result.volume.dimensions).toEqual([64, 64, 9]);
    expect(result.volume.spacing[2]).toBeCloseTo(2 * Math.cos(t), 10);
    expect(result.volume.direction.slice(6).map((x) => Number(x.toFixed(10)))).toEqual([
      0,
      Number(Math.sin(t).toFixed(10)),
      Number(Math.cos(t).toFixed(10)),
    ]);
    expect(result.warnings.join(' ')).toMatch(/gantry tilt 15°/);
    // The middle slice is the reference: unshifted, identical to its source.
    expect(await differingVoxels(result.volumePath, 4, phantomSlice(4, 9))).toBe(0);
  });

  it('offers the stacks of a series that mixes orientations separately and picks by the rule', async () => {
    s = await scratch();
    const axial = phantomSeries({ count: 8 });
    const root = '2.25.1234567890';
    const coronal = Array.from({ length: 4 }, (_, k) => ({
      name: `COR${k}.dcm`,
      bytes: writePhantomSlice({
        rows: 64,
        columns: 64,
        pixelSpacing: [1, 1],
        position: [-32, k * 3, -32],
        orientation: [1, 0, 0, 0, 0, -1],
        seriesInstanceUid: phantomUid(root, 2),
        studyInstanceUid: phantomUid(root, 1),
        frameOfReferenceUid: phantomUid(root, 3),
        sopInstanceUid: phantomUid(root, 5, k),
      }),
    }));
    await s.zip([...coronal, ...axial]);
    const result = ready(await ingest());
    expect(result.candidates.map((c) => [c.orientation, c.sliceCount, c.part])).toEqual([
      ['axial', 8, 2],
      ['coronal', 4, 1],
    ]);
    expect(result.chosenSeries.orientation).toBe('axial');
    expect(result.volume.dimensions).toEqual([64, 64, 8]);
    expect(result.warnings.join(' ')).toMatch(/mixes stacks/);
  });

  it('chooses the series with most slices, and staff may choose another', async () => {
    s = await scratch();
    const big = phantomSeries({ count: 12, uidRoot: '2.25.111' });
    const small = phantomSeries({ count: 6, uidRoot: '2.25.222', spacing: 1 }).map((f) => ({
      ...f,
      name: `b/${f.name}`,
    }));
    await s.zip([...small, ...big]);
    expect(ready(await ingest()).volume.dimensions[2]).toBe(12);
    const chosen = ready(await ingest({ seriesInstanceUid: '2.25.222.2' }));
    expect(chosen.volume.dimensions[2]).toBe(6);
    expect(chosen.files.filter((f) => f.outcome === 'candidate' && f.code === 'other-series')).toHaveLength(12);
    const missing = await ingest({ seriesInstanceUid: '1.2.3' });
    expect(missing).toMatchObject({ outcome: 'invalid', reasons: ['The chosen series is not in this upload.'] });
  });

  it('removes identity and original UIDs from everything it stores', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 6, patientName: 'Doe^Jane', patientId: 'MRN-778899', extraPrivateTag: true }));
    const result = ready(await ingest());
    const found = await containsAny(
      [result.deidentifiedZipPath, result.volumePath],
      [
        'Doe^Jane',
        'MRN-778899',
        '2.25.1234567890.1',
        '2.25.1234567890.2',
        '2.25.1234567890.3',
        'Phantom Institute',
        '20200101',
      ],
    );
    expect(found).toEqual([]);
    // The volume names the same pseudonymised frame of reference as the de-identified images.
    const mappedFrame = createUidMapper('case-secret')('2.25.1234567890.3');
    expect(result.volume.frameOfReferenceUid).toBe(mappedFrame);
    expect(await containsAny([result.deidentifiedZipPath], [mappedFrame])).toHaveLength(1);
  });

  it('says why nothing could be used when there is no CT', async () => {
    s = await scratch();
    const mr = (k: number) => ({
      name: `mr${k}.dcm`,
      bytes: writePhantomSlice({
        rows: 8,
        columns: 8,
        pixelSpacing: [1, 1],
        position: [0, 0, k],
        orientation: [1, 0, 0, 0, 1, 0],
        modality: 'MR',
        seriesInstanceUid: '1.2.3.1',
        studyInstanceUid: '1.2.3.2',
        frameOfReferenceUid: '1.2.3.3',
        sopInstanceUid: `1.2.3.4.${k}`,
      }),
    });
    const text = (name: string) => ({ name, bytes: new TextEncoder().encode(`hello from ${name}`) });
    await s.zip([mr(1), mr(2), mr(3), text('notes.txt'), text('readme')]);
    const result = await ingest();
    expect(result).toMatchObject({
      outcome: 'invalid',
      reasons: ['No CT images were found among 5 files: MR images (3), not DICOM (2).'],
      candidates: [],
    });
    expect(result.files).toHaveLength(5);
    expect(await readdir(s.work)).toEqual([]);
  });

  it('turns a hostile archive into an invalid outcome with its reason, writing nothing', async () => {
    s = await scratch();
    await writeZip(s.zipPath, [{ name: 'aa/evil.dcm', data: Buffer.from('x') }]);
    await renameInZip(s.zipPath, 'aa/evil.dcm', '../evil.dcm');
    const result = await ingest();
    expect(result).toMatchObject({ outcome: 'invalid', files: [] });
    expect(result.outcome === 'invalid' && result.reasons[0]).toMatch(/^The zip file was refused: .*climbs out/);
    expect(await readdir(s.work)).toEqual([]);
    expect(await s.strayFiles()).toEqual([]);
  });

  it('writes a volume the domain parser reads, slice by slice', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 5 }), false);
    const result = ready(await ingest());
    const volume = await readVolumeFile(result.volumePath);
    expect(volume.header).toEqual(result.volume);
    expect((await volume.slice(4)).length).toBe(64 * 64);
    await volume.close();
  });
});
