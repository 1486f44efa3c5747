import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phantomHU, phantomUid, writePhantomSlice } from '../../../src/imaging/testing/phantom.ts';
import { readVolumeFile } from '../../../src/imaging/volume/volume-file.ts';
import { writeZip } from '../zip/zip-fixtures.ts';

export interface NamedBytes {
  name: string;
  bytes: Uint8Array;
}

/** A scratch folder per test: `zip` holds the upload, `work` is the job's own folder. */
export async function scratch() {
  const root = await mkdtemp(join(tmpdir(), 'cm-ingest-'));
  const work = join(root, 'work');
  await mkdir(work);
  return {
    root,
    work,
    zipPath: join(root, 'upload.zip'),
    async zip(files: NamedBytes[], compress = true) {
      await writeZip(
        join(root, 'upload.zip'),
        files.map((f) => ({
          name: f.name,
          data: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength),
          compress,
        })),
      );
      return join(root, 'upload.zip');
    },
    /** Everything in the scratch root besides the upload and the work folder's own files. */
    async strayFiles() {
      return (await readdir(root)).filter((n) => n !== 'upload.zip' && n !== 'work');
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** Shuffles deterministically (a fixed LCG), so failures reproduce. */
export function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Slice k of the volume against the phantom's slice `phantomIndex`: the number of differing voxels. */
export async function differingVoxels(
  volumePath: string,
  k: number,
  expected: (row: number, column: number) => number,
): Promise<number> {
  const volume = await readVolumeFile(volumePath);
  try {
    const [columns, rows] = volume.header.dimensions;
    const slice = await volume.slice(k);
    let differing = 0;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) if (slice[r * columns + c] !== expected(r, c)) differing++;
    }
    return differing;
  } finally {
    await volume.close();
  }
}

export const phantomSlice =
  (k: number, count: number, size = 64) =>
  (r: number, c: number) =>
    phantomHU(k, count, size, size, r, c);

export async function containsAny(paths: string[], needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const bytes = await readFile(path);
    for (const needle of needles) if (bytes.includes(Buffer.from(needle, 'latin1'))) found.push(`${needle} in ${path}`);
  }
  return found;
}

/**
 * An axial series of 256×256 slices of noise (a fixed seed): each deflates to well over the 32 KB that
 * pass 1 reads of a file for its header, as real CT slices do, which the smooth phantom does not.
 */
export function noisySeries(count: number): NamedBytes[] {
  let seed = 12345;
  return Array.from({ length: count }, (_, k) => {
    const pixels = new Int16Array(256 * 256);
    for (let i = 0; i < pixels.length; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      pixels[i] = 900 + (seed >>> 22);
    }
    const bytes = writePhantomSlice({
      rows: 256,
      columns: 256,
      pixelSpacing: [1, 1],
      position: [-128, -128, k * 2],
      orientation: [1, 0, 0, 0, 1, 0],
      pixels,
      studyInstanceUid: phantomUid('2.25.777', 1),
      seriesInstanceUid: phantomUid('2.25.777', 2),
      frameOfReferenceUid: phantomUid('2.25.777', 3),
      sopInstanceUid: phantomUid('2.25.777', 4, k + 1),
      instanceNumber: k + 1,
    });
    return { name: `NOISE${String(k + 1).padStart(3, '0')}.dcm`, bytes };
  });
}
