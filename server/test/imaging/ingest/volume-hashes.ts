/**
 * Fingerprints of the volumes the ingest builds from every series of the shared real DICOM
 * (`../shared/dicom`): the 134-slice series, each series of the corpus that makes a volume, and each
 * zip of the corpus. `volume-hashes.json` holds the fingerprints of the commit before the sparse-series
 * rules (recorded with `node --import tsx server/test/imaging/ingest/record-volume-hashes.ts`); the
 * identity test proves those rules changed no voxel.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ingestZip } from '../../../src/imaging/ingest/ingest-zip.ts';
import { readVolumeFile } from '../../../src/imaging/volume/volume-file.ts';
import { listFiles, SERIES_DIR, SHARED_DICOM } from '../dicom/shared-dicom.ts';
import { writeZip } from '../zip/zip-fixtures.ts';
import { scratch } from './ingest-fixtures.ts';

export interface VolumeFingerprint {
  dimensions: number[];
  spacing: number[];
  origin: number[];
  direction: number[];
  /** SHA-256 of every slice's voxels (little-endian int16), in slice order. */
  voxels: string;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Every file under `dir`, as absolute paths, sorted. */
const filesUnder = (dir: string): string[] => listFiles(dir).map((path) => join(SHARED_DICOM, path));

async function fingerprint(volumePath: string): Promise<VolumeFingerprint> {
  const volume = await readVolumeFile(volumePath);
  try {
    const hash = createHash('sha256');
    for (let k = 0; k < volume.header.dimensions[2]; k++) {
      const slice = await volume.slice(k);
      hash.update(new Uint8Array(slice.buffer, slice.byteOffset, slice.byteLength));
    }
    const { dimensions, spacing, origin, direction } = volume.header;
    return { dimensions, spacing, origin, direction, voxels: hash.digest('hex') };
  } finally {
    await volume.close();
  }
}

type Ingest = typeof ingestZip;

/**
 * Ingests each input with `ingest` (options beyond the base commit's, such as an acknowledged gap, are
 * the caller's) and fingerprints every volume made; keys name the input without patient data.
 */
export async function volumeFingerprints(ingest: Ingest = ingestZip): Promise<Record<string, VolumeFingerprint>> {
  const out: Record<string, VolumeFingerprint> = {};
  const s = await scratch();
  let run = 0;
  const ingestOnce = async (zipPath: string, seriesInstanceUid?: string) => {
    const workDir = join(s.root, `work-${++run}`);
    await mkdir(workDir);
    return ingest({ zipPath, workDir, pseudonym: 'CASE-HASH', uidSecret: 'volume-hashes', seriesInstanceUid });
  };
  try {
    const seriesZip = join(s.root, 'series.zip');
    const seriesFiles = filesUnder(SERIES_DIR);
    await writeZip(
      seriesZip,
      seriesFiles.map((file) => ({ name: relative(SERIES_DIR, file), file })),
    );
    const series = await ingestOnce(seriesZip);
    if (series.outcome === 'ready') out['series/134 slices'] = await fingerprint(series.volumePath);

    const corpus = join(SHARED_DICOM, 'corpus');
    const corpusFiles = filesUnder(corpus);
    const corpusZip = join(s.root, 'corpus.zip');
    await writeZip(
      corpusZip,
      corpusFiles.filter((f) => !f.endsWith('.zip')).map((file) => ({ name: relative(corpus, file), file })),
    );
    const whole = await ingestOnce(corpusZip);
    if (whole.outcome === 'ready') out['corpus/automatic choice'] = await fingerprint(whole.volumePath);
    for (const candidate of whole.candidates.filter((c) => c.spacing !== null)) {
      const one = await ingestOnce(corpusZip, candidate.seriesInstanceUid);
      const key = `corpus/series ${sha(candidate.seriesInstanceUid)}.${candidate.part}`;
      if (one.outcome === 'ready') out[key] = await fingerprint(one.volumePath);
    }
    for (const zip of corpusFiles.filter((f) => f.endsWith('.zip'))) {
      const result = await ingestOnce(zip);
      if (result.outcome === 'ready') out[`zip/${relative(corpus, zip)}`] = await fingerprint(result.volumePath);
    }
    return out;
  } finally {
    await s.cleanup();
  }
}
