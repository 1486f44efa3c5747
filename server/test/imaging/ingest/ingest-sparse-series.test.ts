import { afterEach, describe, expect, it } from 'vitest';
import { type IngestOptions, type IngestResult, ingestZip } from '../../../src/imaging/ingest/ingest-zip.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { readVolumeFile } from '../../../src/imaging/volume/volume-file.ts';
import { openZip } from '../../../src/imaging/zip/read-zip.ts';
import { scratch } from './ingest-fixtures.ts';

type Scratch = Awaited<ReturnType<typeof scratch>>;
let s: Scratch;
afterEach(async () => {
  await s?.cleanup();
});

const ingest = (extra: Partial<IngestOptions> = {}): Promise<IngestResult> =>
  ingestZip({ zipPath: s.zipPath, workDir: s.work, pseudonym: 'CASE-0015', uidSecret: 'sparse', ...extra });

function ready(result: IngestResult) {
  if (result.outcome !== 'ready') throw new Error(`invalid: ${result.reasons.join(' ')}`);
  return result;
}

/** 1 mm slices with four missing: a 5 mm gap, above the 3 mm limit. */
const gapped = (uidRoot = '2.25.15') => phantomSeries({ count: 20, spacing: 1, skip: [8, 9, 10, 11], uidRoot });

describe('ingestZip: gapped series', () => {
  it('makes the upload invalid, naming the gap, and logs it', async () => {
    s = await scratch();
    await s.zip(gapped());
    const lines: string[] = [];
    const result = await ingest({ log: (line) => lines.push(line) });
    if (result.outcome !== 'invalid') throw new Error('a gapped series was accepted');
    expect(result.reasons).toEqual([
      expect.stringMatching(
        /^The series to analyse has a gap of 5 mm between slice 8 \(z = 7 mm\) and slice 9 \(z = 12 mm\) of 16; .* Upload a contiguous series without missing slices/,
      ),
    ]);
    expect(result.candidates[0]?.gap).toMatchObject({ sizeMm: 5, typicalMm: 1 });
    expect(lines).toContain(`Invalid input: ${result.reasons[0]}`);
  });

  it('builds it once staff acknowledge the gap, recording the interpolated slices in the header', async () => {
    s = await scratch();
    await s.zip(gapped());
    const lines: string[] = [];
    const result = ready(await ingest({ acknowledgeGaps: true, log: (line) => lines.push(line) }));
    expect(result.volume.dimensions[2]).toBe(20);
    expect(result.volume.interpolatedSlices).toEqual([8, 9, 10, 11]);
    const volume = await readVolumeFile(result.volumePath);
    expect(volume.header.interpolatedSlices).toEqual([8, 9, 10, 11]);
    await volume.close();
    expect(result.warnings[0]).toBe(
      'Processed despite a gap of 5 mm between slice 8 (z = 7 mm) and slice 9 (z = 12 mm) of 16; its slices are ' +
        'otherwise 1 mm apart, as staff acknowledged',
    );
    expect(lines).toContain(
      'Staff acknowledged a gap of 5 mm between slice 8 (z = 7 mm) and slice 9 (z = 12 mm) of 16; its slices are ' +
        'otherwise 1 mm apart: processing it all the same.',
    );
    // The zip holds the 16 acquired images; the volume's 20 slices include 4 made up between them.
    expect(result.deidentifiedFileCount).toBe(16);
    const zip = await openZip(result.deidentifiedZipPath);
    expect(zip.entries).toHaveLength(16);
  });

  it('prefers a gap-free series to a gapped one with more slices', async () => {
    s = await scratch();
    const full = phantomSeries({ count: 10, spacing: 1, uidRoot: '2.25.16' });
    await s.zip([
      ...gapped().map((f) => ({ ...f, name: `gapped/${f.name}` })),
      ...full.map((f) => ({ ...f, name: `full/${f.name}` })),
    ]);
    const result = ready(await ingest());
    expect(result.chosenSeries).toMatchObject({ sliceCount: 10, gap: null });
    expect(result.candidates.map((c) => c.sliceCount)).toEqual([10, 16]);
    expect(result.volume.interpolatedSlices).toBeUndefined();
  });

  it('leaves a gap of twice the spacing (and up to 3 mm) alone: interpolated, warned, not invalid', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 12, spacing: 1, skip: [5, 6] }));
    const result = ready(await ingest());
    expect(result.chosenSeries.gap).toBeNull();
    expect(result.volume.interpolatedSlices).toEqual([5, 6]);
    expect(result.warnings).toContain(
      '2 of 12 volume slices are interpolated between acquired slices (no image was acquired there): slices 6–7',
    );
  });
});

describe('ingestZip: thick slices', () => {
  const planning = (result: IngestResult) => ready(result).warnings.filter((w) => w.startsWith('Planning quality'));

  it('accepts 1.25 mm slices 1.25 mm apart without a planning warning', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 6, spacing: 1.25, sliceThickness: 1.25 }));
    expect(planning(await ingest())).toEqual([]);
  });

  it('warns of slices thicker than 1.25 mm even when they lie close together', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 6, spacing: 0.8, sliceThickness: 1.5 }));
    expect(planning(await ingest())).toEqual([
      'Planning quality: the slices are 1.5 mm thick, above the 1.25 mm planning needs; leaflets, calcium and ' +
        'small ostia may measure less accurately. Upload a thin-slice reconstruction (at most 1.25 mm) when one exists',
    ]);
  });

  it('warns of thin slices lying further apart than 1.25 mm', async () => {
    s = await scratch();
    await s.zip(phantomSeries({ count: 6, spacing: 2, sliceThickness: 1 }));
    expect(planning(await ingest())[0]).toMatch(/^Planning quality: the slices are 2 mm apart, above/);
  });
});
