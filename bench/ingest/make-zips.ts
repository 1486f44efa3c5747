// The zips the ingest bench uploads, written into a temporary folder (never into the repository):
// the self-made chest CT phantom, and the real 134-slice series from ../shared/dicom when present.
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { phantomUid, writePhantomSlice } from '../../server/src/imaging/testing/phantom.ts';
import { createChestPhantom, RESCALE_INTERCEPT } from './phantom-ct.ts';

export interface BenchZip {
  label: string;
  path: string;
  bytes: number;
  /** DICOM files in the zip (all of them CT slices of one series). */
  slices: number;
  /** Bytes of the DICOM files before compression. */
  dicomBytes: number;
}

export interface PhantomZipOptions {
  label: string;
  slices: number;
  rows?: number;
  columns?: number;
  /** Deflate the entries (as Windows and macOS zip tools do); false stores them, to reach a size fast. */
  compress: boolean;
  /** Distinguishes the UIDs of two phantoms (Orthanc would otherwise see the same instances). */
  uidRoot: string;
}

/**
 * Writes a phantom series as a zip, one slice made per entry just when yazl asks for it, so memory stays
 * flat however many slices there are. Slices are 0.6 mm apart, 0.7 mm pixels (a 358 mm field of view).
 */
export async function writePhantomZip(path: string, o: PhantomZipOptions): Promise<BenchZip> {
  const rows = o.rows ?? 512;
  const columns = o.columns ?? 512;
  const sliceAt = createChestPhantom({ rows, columns, slices: o.slices });
  const zip = new yazl.ZipFile();
  let dicomBytes = 0;
  for (let k = 0; k < o.slices; k++) {
    zip.addReadStreamLazy(`CT/${o.label}/IM${String(k + 1).padStart(5, '0')}`, { compress: o.compress }, (ready) => {
      const bytes = writePhantomSlice({
        rows,
        columns,
        pixelSpacing: [0.7, 0.7],
        position: [(-columns / 2) * 0.7, (-rows / 2) * 0.7, -300 + k * 0.6],
        orientation: [1, 0, 0, 0, 1, 0],
        pixels: sliceAt(k),
        rescaleIntercept: RESCALE_INTERCEPT,
        studyInstanceUid: phantomUid(o.uidRoot, 1),
        seriesInstanceUid: phantomUid(o.uidRoot, 2),
        frameOfReferenceUid: phantomUid(o.uidRoot, 3),
        sopInstanceUid: phantomUid(o.uidRoot, 4, k + 1),
        instanceNumber: k + 1,
        sliceThickness: 0.6,
        patientName: 'Bench^Phantom',
        patientId: `BENCH-${o.label}`,
        windowCenter: 40,
        windowWidth: 400,
      });
      dicomBytes += bytes.byteLength;
      ready(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
    });
  }
  zip.end();
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(path));
  return { label: o.label, path, bytes: statSync(path).size, slices: o.slices, dicomBytes };
}

/** Zips every file of `folder` (deflated, flat), as a clinician's zip tool would. */
export async function writeFolderZip(path: string, folder: string, label: string): Promise<BenchZip> {
  const names = readdirSync(folder).filter((name) => statSync(join(folder, name)).isFile());
  const zip = new yazl.ZipFile();
  let dicomBytes = 0;
  for (const name of names) {
    dicomBytes += statSync(join(folder, name)).size;
    zip.addFile(join(folder, name), `${label}/${name}`);
  }
  zip.end();
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(path));
  return { label, path, bytes: statSync(path).size, slices: names.length, dicomBytes };
}

/** A zip an earlier run left in a kept folder (BENCH_ZIP_DIR) is reused; its figures sit beside it. */
export async function reuseOrMake(path: string, make: () => Promise<BenchZip>): Promise<BenchZip> {
  const figures = `${path}.json`;
  if (existsSync(path) && existsSync(figures)) return JSON.parse(readFileSync(figures, 'utf8')) as BenchZip;
  const made = await make();
  writeFileSync(figures, JSON.stringify(made));
  return made;
}
