/**
 * The anatomy phantom as an axial CT series (one Part-10 file per slice, through the phantom-slice
 * writer), so the ingest can read it like a scan: written into a folder or a zip.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { writePhantomSlice } from '../phantom-slice.ts';
import type { AnatomyPhantom } from './anatomy-phantom.ts';

const INTERCEPT = -1024;

export interface AnatomyDicomOptions {
  /** Distinguishes the UIDs of two series; default from the seed. */
  uidRoot?: string;
  patientName?: string;
  patientId?: string;
}

/** Slice `k` as a DICOM file (stored value = HU + 1024). */
export function anatomyPhantomSlice(p: AnatomyPhantom, k: number, o: AnatomyDicomOptions = {}): Uint8Array {
  const [nx, ny] = p.dims;
  const root = o.uidRoot ?? `2.25.3131${p.params.seed}`;
  const pixels = new Int16Array(nx * ny);
  const base = k * nx * ny;
  for (let i = 0; i < pixels.length; i++) pixels[i] = p.hu[base + i]! - INTERCEPT;
  return writePhantomSlice({
    rows: ny,
    columns: nx,
    // DICOM: between rows (y), then between columns (x).
    pixelSpacing: [p.spacing[1], p.spacing[0]],
    position: [p.origin[0], p.origin[1], p.origin[2] + k * p.spacing[2]],
    orientation: [1, 0, 0, 0, 1, 0],
    pixels,
    rescaleIntercept: INTERCEPT,
    studyInstanceUid: `${root}.1`,
    seriesInstanceUid: `${root}.2`,
    frameOfReferenceUid: `${root}.3`,
    sopInstanceUid: `${root}.4.${k + 1}`,
    instanceNumber: k + 1,
    sliceThickness: p.spacing[2],
    seriesDescription: `Anatomy phantom seed ${p.params.seed}`,
    patientName: o.patientName ?? 'Anatomy^Phantom',
    patientId: o.patientId ?? `ANATOMY-${p.params.seed}`,
    windowCenter: 300,
    windowWidth: 800,
  });
}

const sliceName = (k: number) => `IM${String(k + 1).padStart(4, '0')}.dcm`;

/** Writes every slice into `dir` (created if missing); returns the file names. */
export async function writeAnatomyPhantomDicom(p: AnatomyPhantom, dir: string, o: AnatomyDicomOptions = {}) {
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (let k = 0; k < p.dims[2]; k++) {
    names.push(sliceName(k));
    await writeFile(join(dir, sliceName(k)), anatomyPhantomSlice(p, k, o));
  }
  return names;
}

/** Writes the series as a zip at `path`, each slice encoded only when the zip reaches it. */
export async function writeAnatomyPhantomZip(p: AnatomyPhantom, path: string, o: AnatomyDicomOptions = {}) {
  const zip = new yazl.ZipFile();
  for (let k = 0; k < p.dims[2]; k++)
    zip.addReadStreamLazy(sliceName(k), (ready) => {
      const bytes = anatomyPhantomSlice(p, k, o);
      ready(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
    });
  zip.end();
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(path));
}
