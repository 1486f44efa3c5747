/**
 * Issue 28: ECG-gated CT with several cardiac phases at the same positions. Every assertion on which
 * phase a volume holds reads the PIXELS (the gated phantom's heart encodes its phase), never the labels.
 */
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type IngestOptions, type IngestResult, ingestZip } from '../../../src/imaging/ingest/ingest-zip.ts';
import {
  type GatedPhantomOptions,
  gatedPhantomFiles,
  gatedPhantomZip,
  phaseOfPhantomSlice,
  writePhantomSlice,
} from '../../../src/imaging/testing/phantom.ts';
import { readVolumeFile } from '../../../src/imaging/volume/volume-file.ts';
import { openZip } from '../../../src/imaging/zip/read-zip.ts';
import { scratch } from './ingest-fixtures.ts';

type Scratch = Awaited<ReturnType<typeof scratch>>;
let s: Scratch;
afterEach(async () => {
  await s?.cleanup();
});

async function ingestGated(phantom: GatedPhantomOptions, extra: Partial<IngestOptions> = {}) {
  s = await scratch();
  const made = await gatedPhantomZip(s.zipPath, phantom);
  const lines: string[] = [];
  const result = await ingestZip({
    zipPath: s.zipPath,
    workDir: s.work,
    pseudonym: 'CASE-GATED',
    uidSecret: 'gated-secret',
    log: (line) => lines.push(line),
    ...extra,
  });
  return { made, result, lines };
}

function ready(result: IngestResult) {
  if (result.outcome !== 'ready') throw new Error(`invalid: ${result.reasons.join(' ')}`);
  return result;
}

/** The phantom phase (0-based) of every slice of a volume, and the slice each shows, from its pixels. */
async function phasesInVolume(path: string, size: number): Promise<{ phase: number; slice: number }[]> {
  const volume = await readVolumeFile(path);
  try {
    const out: { phase: number; slice: number }[] = [];
    for (let k = 0; k < volume.header.dimensions[2]; k++) out.push(phaseOfPhantomSlice(await volume.slice(k), size));
    return out;
  } finally {
    await volume.close();
  }
}

/** Every volume holds exactly one phase, the phase its place in the list says, its slices in order. */
async function expectOnePhasePerVolume(result: ReturnType<typeof ready>, phases: number, slices: number, size = 32) {
  expect(result.phases).toHaveLength(phases);
  for (const phase of result.phases) {
    const seen = await phasesInVolume(phase.volumePath, size);
    expect(seen).toEqual(Array.from({ length: slices }, (_, k) => ({ phase: phase.index, slice: k })));
    expect(phase.sliceCount).toBe(slices);
    expect(phase.volume.dimensions).toEqual([size, size, slices]);
  }
  expect(result.phases.filter((p) => p.isDefault)).toHaveLength(1);
  const geometry = (p: (typeof result.phases)[number]) => [p.volume.origin, p.volume.spacing, p.volume.direction];
  for (const p of result.phases) expect(geometry(p)).toEqual(geometry(result.phases[0] as (typeof result.phases)[0]));
}

describe('ingest of ECG-gated series (issue 28)', () => {
  it('splits two phases of one series at the same positions into two volumes, never mixing them', async () => {
    const { result, lines } = await ingestGated({ phases: 2, slices: 8 }, { intervention: 'TAVI' });
    const r = ready(result);
    // The volume callers knew before phases (the default one) holds one phase only, in slice order.
    expect(await phasesInVolume(r.volumePath, 32)).toEqual(
      Array.from({ length: 8 }, (_, k) => ({ phase: 1, slice: k })),
    );
    await expectOnePhasePerVolume(r, 2, 8);
    expect(r.phases.map((p) => [p.label, p.percent, p.triggerTimeMs])).toEqual([
      ['0 %', 0, 0],
      ['50 %', 50, 400],
    ]);
    // TAVI aims at 35 %: 50 % is nearer than 0 %; the default volume is the default phase's.
    expect(r.phases[1]?.isDefault).toBe(true);
    expect(r.volumePath).toBe(r.phases[1]?.volumePath);
    expect(r.defaultPhaseReason).toMatch(/^TAVI: the phase nearest 35 %/);
    // Nothing is a duplicate: every file is used, and the report names its phase.
    expect(r.files.filter((f) => f.outcome === 'used')).toHaveLength(16);
    expect(r.files.filter((f) => f.phase === '0 %')).toHaveLength(8);
    expect(r.files.filter((f) => f.phase === '50 %')).toHaveLength(8);
    expect(r.deidentifiedFileCount).toBe(16);
    expect((await openZip(r.deidentifiedZipPath)).entries).toHaveLength(16);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ECG-gated: 2 cardiac phase\(s\), in one series, told apart by Nominal Percentage of Cardiac Phase .*: 0 % \(8 slices\), 50 % \(8 slices\)/,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^Default phase: 50 % \(TAVI: /));
    expect(r.warnings).toContainEqual(
      expect.stringMatching(
        /^ECG-gated series with 2 cardiac phases \(0 %, 50 %\), each its own volume; the study opens on 50 %/,
      ),
    );
    expect(r.warnings.join(' ')).not.toMatch(/repeated the position/);
    expect((await readdir(s.work)).sort()).toEqual([
      'deidentified.zip',
      'volume-phase-01.cmvol',
      'volume-phase-02.cmvol',
    ]);
  });

  it.each([
    ['interleaved', 'TAVI', '30 %'],
    ['sequential', 'LAAO', '40 %'],
    ['shuffled', 'TMVR', '40 %'],
    ['series-per-phase', 'TTVR', '70 %'],
    ['enhanced', null, '70 %'],
  ] as const)('10 phases laid out %s: one phase per volume; %s opens on %s', async (layout, intervention, chosen) => {
    const { result, lines } = await ingestGated({ phases: 10, slices: 5, layout }, { intervention });
    const r = ready(result);
    await expectOnePhasePerVolume(r, 10, 5);
    expect(r.phases.map((p) => p.label)).toEqual([
      '0 %',
      '10 %',
      '20 %',
      '30 %',
      '40 %',
      '50 %',
      '60 %',
      '70 %',
      '80 %',
      '90 %',
    ]);
    expect(r.phases.find((p) => p.isDefault)?.label).toBe(chosen);
    expect(r.candidates).toHaveLength(1);
    expect(r.chosenSeries.phaseCount).toBe(10);
    expect(r.files.every((f) => f.outcome === 'used')).toBe(true);
    if (layout === 'series-per-phase') {
      expect(r.chosenSeries.phaseSeriesInstanceUids).toHaveLength(10);
      expect(lines).toContainEqual(expect.stringMatching(/one series each \(10 series\)/));
    } else {
      expect(r.deidentifiedFileCount).toBe(layout === 'enhanced' ? 1 : 50);
    }
  });

  it('merges one series per phase beside a calcium score of the same frame of reference at other positions', async () => {
    s = await scratch();
    const phases = gatedPhantomFiles({ phases: 4, slices: 5, layout: 'series-per-phase' }).files;
    // Prospectively gated at 75 %, 3 slices between the angiography's positions: a series of its own.
    const calcium = [1, 5, 9].map((z, i) => ({
      name: `CALCIUM/IM${i + 1}.dcm`,
      bytes: writePhantomSlice({
        rows: 32,
        columns: 32,
        pixelSpacing: [1, 1],
        position: [-16, -16, z],
        orientation: [1, 0, 0, 0, 1, 0],
        studyInstanceUid: '2.25.2828.1',
        frameOfReferenceUid: '2.25.2828.3',
        seriesInstanceUid: '2.25.2828.9',
        sopInstanceUid: `2.25.2828.9.${i + 1}`,
        extraElements: [[0x00209241, 'FL', new Uint8Array(new Float32Array([75]).buffer)]],
      }),
    }));
    await s.zip([...phases, ...calcium]);
    const r = ready(await ingestZip({ zipPath: s.zipPath, workDir: s.work, pseudonym: 'C', uidSecret: 'k' }));
    await expectOnePhasePerVolume(r, 4, 5);
    expect(r.candidates.map((c) => c.phaseCount).sort()).toEqual([1, 4]);
    expect(r.files.filter((f) => f.path.startsWith('CALCIUM/')).map((f) => f.code)).toEqual([
      'other-series',
      'other-series',
      'other-series',
    ]);
  });

  it('tells phases apart by trigger time alone, against the R-R interval the images state', async () => {
    const { result } = await ingestGated(
      { phases: 10, slices: 4, attribute: 'trigger', rrIntervalMs: 800, layout: 'shuffled' },
      { intervention: 'TAVI' },
    );
    const r = ready(result);
    await expectOnePhasePerVolume(r, 10, 4);
    expect(r.phases.map((p) => [p.label, p.percent])).toContainEqual(['240 ms', null]);
    // 35 % of 800 ms is 280 ms: 240 and 320 ms are as near; the earlier wins.
    expect(r.phases.find((p) => p.isDefault)?.label).toBe('240 ms');
    expect(r.defaultPhaseReason).toContain('of an R-R interval of 800 ms');
  });

  it('tells phases apart by trigger time alone with no R-R interval, assuming one and saying so', async () => {
    const { result } = await ingestGated({ phases: 10, slices: 4, attribute: 'trigger' }, { intervention: 'TAVI' });
    const r = ready(result);
    await expectOnePhasePerVolume(r, 10, 4);
    // Trigger times 0, 80 … 720 ms read against 1000 ms: 320 ms is the nearest to 350 ms.
    expect(r.phases.find((p) => p.isDefault)?.label).toBe('320 ms');
    expect(r.defaultPhaseReason).toContain('1000 ms assumed');
  });

  it('tells phases apart by temporal position index alone', async () => {
    const { result, lines } = await ingestGated({
      phases: 4,
      slices: 5,
      attribute: 'temporal-index',
      layout: 'enhanced',
    });
    const r = ready(result);
    await expectOnePhasePerVolume(r, 4, 5);
    expect(r.phases.map((p) => p.label)).toEqual(['Phase 1', 'Phase 2', 'Phase 3', 'Phase 4']);
    expect(r.phases.find((p) => p.isDefault)?.label).toBe('Phase 4');
    expect(lines).toContainEqual(expect.stringMatching(/told apart by Temporal Position Index/));
  });

  it('refuses same-position images that no attribute tells apart and that differ in their pixels', async () => {
    const { result, lines } = await ingestGated({ phases: 2, slices: 6, attribute: 'none', layout: 'shuffled' });
    expect(result.outcome).toBe('invalid');
    if (result.outcome !== 'invalid') return;
    expect(result.reasons).toEqual([
      expect.stringMatching(
        /^Images at the same position differ in their pixels \(GATED\/IM\d+\.dcm and GATED\/IM\d+\.dcm\) and no phase attribute .* tells them apart: the series may hold several cardiac phases/,
      ),
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^Invalid input: Images at the same position differ/));
    expect(await readdir(s.work)).toEqual([]);
  });

  it('keeps same-position copies with identical pixels as ordinary duplicates', async () => {
    const { result } = await ingestGated({ phases: 2, slices: 6, attribute: 'none', identicalPhases: true });
    const r = ready(result);
    expect(r.phases).toEqual([expect.objectContaining({ label: 'Single phase', isDefault: true, sliceCount: 6 })]);
    expect(r.defaultPhaseReason).toBe('the only phase');
    expect(r.files.filter((f) => f.code === 'duplicate')).toHaveLength(6);
    expect(r.warnings).toContainEqual(
      expect.stringMatching(/^6 images repeated the position of another and were set aside/),
    );
    expect((await readdir(s.work)).sort()).toEqual(['deidentified.zip', 'volume.cmvol']);
  });
});
