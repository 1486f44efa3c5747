import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { phantomUid, writePhantomSlice } from '../../server/src/imaging/testing/phantom.ts';
import { storedTokens } from './demo.ts';
import { zipFolder } from './imaging.ts';

const IN_PROGRESS = 2;

/** A bright marker at a known patient position (DICOM LPS, mm). */
export interface Marker {
  name: string;
  position: [number, number, number];
  radius: number;
  hu: number;
}

/**
 * Three markers placed so that each is on a different side of the centre in every axis: a pane that
 * shows left for right, head for feet or anterior for posterior puts them in the wrong place.
 * Patient left (+x), posterior (+y), head (+z).
 */
export const MARKERS: Marker[] = [
  { name: 'left-anterior-head', position: [20, -15, 30], radius: 4, hu: 1500 },
  { name: 'right-posterior-middle', position: [-25, 18, 0], radius: 4, hu: 1500 },
  { name: 'left-posterior-feet', position: [10, 12, -30], radius: 4, hu: 1500 },
];

/** The marker phantom's geometry: 128×128 pixels of 0.8 mm, 100 axial slices 1 mm apart, centred on 0. */
export const MARKER_GEOMETRY = { size: 128, pixelMm: 0.8, slices: 100, sliceMm: 1 } as const;

/** HU of the marker phantom at a patient position: soft tissue with the bright markers. */
function markerHU(p: [number, number, number]): number {
  for (const m of MARKERS) {
    const d = Math.hypot(p[0] - m.position[0], p[1] - m.position[1], p[2] - m.position[2]);
    if (d <= m.radius) return m.hu;
  }
  return 40;
}

/** Writes the marker phantom as a zip of DICOM slices (our own encoder: no real patient data). */
export async function markerPhantomZip(workDir: string): Promise<string> {
  const { size, pixelMm, slices, sliceMm } = MARKER_GEOMETRY;
  const folder = join(workDir, 'marker-phantom');
  await mkdir(folder, { recursive: true });
  const half = ((size - 1) * pixelMm) / 2;
  const root = `2.25.${Date.now()}`;
  for (let k = 0; k < slices; k++) {
    const z = (k - (slices - 1) / 2) * sliceMm;
    const pixels = new Int16Array(size * size);
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++)
        pixels[r * size + c] = markerHU([-half + c * pixelMm, -half + r * pixelMm, z]) + 1024;
    }
    const bytes = writePhantomSlice({
      rows: size,
      columns: size,
      pixelSpacing: [pixelMm, pixelMm],
      position: [-half, -half, z],
      orientation: [1, 0, 0, 0, 1, 0],
      pixels,
      rescaleIntercept: -1024,
      studyInstanceUid: phantomUid(root, 1),
      seriesInstanceUid: phantomUid(root, 2),
      frameOfReferenceUid: phantomUid(root, 3),
      sopInstanceUid: phantomUid(root, 4, k + 1),
      instanceNumber: k + 1,
      sliceThickness: sliceMm,
      patientName: 'MARKER^PHANTOM',
      patientId: 'MARKER-1',
    });
    // Named in reverse: the viewer must order slices by position, not by file name.
    await writeFile(join(folder, `slice-${String(slices - k).padStart(3, '0')}.dcm`), bytes);
  }
  return zipFolder(folder, join(workDir, 'marker-phantom.zip'));
}

/** The signed-in user's API, for what a test sets up rather than tests (the bearer token of the page). */
export async function apiOf(page: Page) {
  const { access } = await storedTokens(page);
  if (!access) throw new Error('The page is not signed in.');
  const headers = { authorization: `Bearer ${access}` };
  const call = async <T>(method: string, path: string, data?: unknown, expected = [200, 201, 204]): Promise<T> => {
    const response = await page.request.fetch(path, { method, headers, data });
    expect(expected, `${method} ${path}: ${response.status()} ${await response.text()}`).toContain(response.status());
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  return { call, headers };
}

/** Uploads a zip to a Created case the way the browser does (one PUT), confirms, and waits for In progress. */
export async function ingestZipByApi(page: Page, caseId: string, zipPath: string): Promise<string> {
  const { call } = await apiOf(page);
  const body = await readFile(zipPath);
  const created = await call<{ id: string; writeUrl: string }>('POST', '/api/input-data/', {
    caseId,
    filename: 'images.zip',
    size: body.length,
  });
  const put = await page.request.put(created.writeUrl, { data: body, headers: { 'content-type': 'application/zip' } });
  expect(put.ok(), `PUT to the signed URL: ${put.status()}`).toBe(true);
  await call('GET', `/api/input-data/${created.id}/confirm-upload/`);
  await expect
    .poll(async () => (await call<{ status: number }>('GET', `/api/cases/${caseId}/`)).status, { timeout: 90_000 })
    .toBe(IN_PROGRESS);
  const studies = await call<{ results: { id: string }[] }>('GET', `/api/studies/?case_id=${caseId}`);
  const study = studies.results[0];
  if (!study) throw new Error('No study after ingest.');
  return study.id;
}
