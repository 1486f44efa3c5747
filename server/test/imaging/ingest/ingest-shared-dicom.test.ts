import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestZip } from '../../../src/imaging/ingest/ingest-zip.ts';
import { readVolumeFile } from '../../../src/imaging/volume/volume-file.ts';
import { writeZip } from '../zip/zip-fixtures.ts';
import { containsAny, scratch } from './ingest-fixtures.ts';

/** The real DICOM files live beside the repository, never in it (repo root → ../shared/dicom). */
const SHARED = fileURLToPath(new URL('../../../../../shared/dicom/', import.meta.url));
const SERIES = join(SHARED, 'series/tcia-pancreatic-ct-cbct-seg_philips-brilliance-bigbore_134sl');
const present = existsSync(SERIES);
if (!present) console.warn(`skipping the real-DICOM ingest tests: ${SHARED} is absent`);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

describe.skipIf(!present)('ingestZip on the real files under ../shared/dicom', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  beforeAll(async () => {
    s = await scratch();
  });
  afterAll(async () => {
    await s.cleanup();
  });

  it('makes the 134-slice CT series ready, de-identified, with its true geometry', async () => {
    const files = await filesUnder(SERIES);
    await writeZip(
      s.zipPath,
      files.map((path) => ({ name: `upload/${relative(SERIES, path)}`, file: path })),
    );
    const lines: string[] = [];
    const started = Date.now();
    const result = await ingestZip({
      zipPath: s.zipPath,
      workDir: s.work,
      pseudonym: 'CASE-0001',
      uidSecret: 'real-series-secret',
      log: (line) => lines.push(line),
    });
    const seconds = (Date.now() - started) / 1000;
    if (result.outcome !== 'ready') throw new Error(result.reasons.join(' '));
    console.info(`134-slice series ready in ${seconds.toFixed(2)} s\n${lines.join('\n')}`);
    expect(result.volume.dimensions).toEqual([512, 512, 134]);
    expect(result.volume.spacing).toEqual([1.07421875, 1.07421875, 3]);
    expect(result.volume.origin[2]).toBeCloseTo(85.91, 6);
    expect(result.volume.interpolationType).toBe(0);
    expect(result.files.filter((f) => f.outcome === 'used')).toHaveLength(134);

    const volume = await readVolumeFile(result.volumePath);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 134; k++) {
      for (const v of await volume.slice(k)) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    await volume.close();
    expect([min, max]).toEqual([-1000, 1988]);

    const found = await containsAny(
      [result.deidentifiedZipPath, result.volumePath],
      ['Pancreas-CT-CB_001', '20120706', ...(await originalUids(files[0] as string))],
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('reads a DICOMDIR layout: the directory file set aside, the images beside it used', async () => {
    const { phantomSeries } = await import('../../../src/imaging/testing/phantom.ts');
    const { readFile } = await import('node:fs/promises');
    const dicomdir = await readFile(join(SHARED, 'corpus/ct-study-extras/philips_DICOMDIR_media-export'));
    const images = phantomSeries({ count: 6, extension: '' }).map((f, i) => ({
      name: `DICOM/PAT00001/STU00001/SER00001/IMG0000${i}`,
      data: Buffer.from(f.bytes),
    }));
    await writeZip(s.zipPath, [{ name: 'DICOMDIR', data: dicomdir }, ...images]);
    const result = await ingestZip({ zipPath: s.zipPath, workDir: s.work, pseudonym: 'CASE-0003', uidSecret: 'dir' });
    if (result.outcome !== 'ready') throw new Error(result.reasons.join(' '));
    expect(result.volume.dimensions).toEqual([64, 64, 6]);
    expect(result.files.find((f) => f.path === 'DICOMDIR')).toMatchObject({ outcome: 'set-aside', code: 'dicomdir' });
  });

  it('reports every file of the corpus zipped as one archive, and never throws', async () => {
    const corpus = join(SHARED, 'corpus');
    const files = (await filesUnder(corpus)).filter((p) => !p.endsWith('.zip'));
    await writeZip(
      s.zipPath,
      files.map((path) => ({ name: relative(corpus, path), file: path })),
    );
    const result = await ingestZip({
      zipPath: s.zipPath,
      workDir: s.work,
      pseudonym: 'CASE-0002',
      uidSecret: 'corpus',
    });
    expect(['ready', 'invalid']).toContain(result.outcome);
    expect(result.files.map((f) => f.path).sort()).toEqual(files.map((p) => relative(corpus, p)).sort());
    for (const f of result.files) {
      expect(f.outcome === 'used' || Boolean(f.reason), `${f.path} has a reason`).toBe(true);
    }
    const tally = new Map<string, number>();
    for (const f of result.files)
      tally.set(`${f.outcome}/${f.code ?? ''}`, (tally.get(`${f.outcome}/${f.code ?? ''}`) ?? 0) + 1);
    console.info(`corpus: ${result.outcome}; ${[...tally].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }, 120_000);
});

/** Study, series and frame-of-reference UIDs of a source file, read with the project's own parser. */
async function originalUids(path: string): Promise<string[]> {
  const { readFile } = await import('node:fs/promises');
  const { readInstance } = await import('../../../src/imaging/dicom/read-instance.ts');
  const read = readInstance(await readFile(path));
  if (!read.ok) throw new Error(read.setAside.reason);
  const i = read.instance;
  return [i.studyInstanceUid, i.seriesInstanceUid, i.frameOfReferenceUid ?? '', i.sopInstanceUid].filter(Boolean);
}
