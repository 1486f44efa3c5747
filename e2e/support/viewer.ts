import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { phantomUid, writePhantomSlice } from '../../server/src/imaging/testing/phantom.ts';
import { accessTokenOf, signIn } from './demo.ts';
import { ApiAs, createCaseByApi, zipFolder } from './imaging.ts';

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
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const call = async <T>(method: string, path: string, data?: unknown, expected = [200, 201, 204]): Promise<T> => {
    const response = await page.request.fetch(path, { method, headers, data });
    expect(expected, `${method} ${path}: ${response.status()} ${await response.text()}`).toContain(response.status());
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  return { call, headers };
}

/** Signs `page` in as the demo physician and ingests the marker phantom into a new case of theirs. */
export async function physicianMarkerPhantomStudy(page: Page, testInfo: TestInfo, label: string): Promise<string> {
  await signIn(page, 'physician@cardiomap.test');
  const { id: caseId } = await createCaseByApi(await ApiAs.of(page), `${label}-${Date.now()}`);
  return ingestZipByApi(page, caseId, await markerPhantomZip(testInfo.outputPath()));
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

export type PaneId = 'axial' | 'coronal' | 'sagittal';
export const PANES: readonly PaneId[] = ['axial', 'coronal', 'sagittal'];
type Vec3 = [number, number, number];

export interface PaneLabels {
  top: string;
  bottom: string;
  left: string;
  right: string;
}

/** What a geometry check reads of one pane (window.__cmViewer.mpr, see web/src/features/viewer/mpr/mpr-readout.ts). */
export interface PaneProbe {
  /** Where the engine's camera puts the point on the pane's canvas (CSS px). */
  at: [number, number];
  /** Grey value (0–255) of the canvas pixel there. */
  value: number;
  /** Grey value 12 mm away from the point along the pane's up direction, in the same plane. */
  nearby: number;
  /** Where the pane's focal point (the crosshair centre's projection) lies on the canvas. */
  centre: [number, number];
  labels: PaneLabels;
  positionMm: number;
}

/** Waits on the engine, not the clock: every slice arrived and drawn ('cm:mpr:volume-complete'). */
export async function waitForWholeVolume(page: Page, timeout = 60_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const readout = (
            window as unknown as { __cmViewer?: { mpr?: { snapshot(): { completeMs: number | null } } } }
          ).__cmViewer?.mpr;
          return readout?.snapshot().completeMs ?? null;
        }),
      { timeout, message: 'the MPR engine reports the whole volume drawn' },
    )
    .not.toBeNull();
}

/**
 * Moves every pane along its own normal until its plane holds `point` (what a crosshair jump or a
 * scroll does), optionally turning `rotate.panes` about the patient axis `rotate.axis` by `degrees`
 * around their focal point first (what the crosshairs' rotate handle does), waits for each pane to be
 * drawn again, and reads each pane at the point.
 */
export async function probePanes(
  page: Page,
  point: Vec3,
  rotate?: { panes: PaneId[]; axis: Vec3; degrees: number },
): Promise<Record<PaneId, PaneProbe>> {
  return page.evaluate(
    async ({ point, panes, rotate }) => {
      type Camera = { focalPoint: Vec3; position: Vec3; viewPlaneNormal: Vec3; viewUp: Vec3 };
      type Viewport = {
        element: HTMLElement;
        canvas: HTMLCanvasElement;
        getCamera(): Camera;
        setCamera(camera: Partial<Camera>): void;
        render(): void;
        worldToCanvas(world: Vec3): [number, number];
      };
      type Readout = {
        viewport(pane: string): Viewport | undefined;
        snapshot(): { panes: Record<string, { labels: PaneLabels; positionMm: number }> };
      };
      const readout = (window as unknown as { __cmViewer: { mpr: Readout } }).__cmViewer.mpr;
      const add = (a: Vec3, b: Vec3, s = 1): Vec3 => [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]];
      const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      // Rodrigues' rotation of v about the unit axis k.
      const turn = (v: Vec3, k: Vec3, radians: number): Vec3 => {
        const [c, s] = [Math.cos(radians), Math.sin(radians)];
        const kxv: Vec3 = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]];
        return add(add(v.map((x) => x * c) as Vec3, kxv, s), k, dot(k, v) * (1 - c));
      };
      const viewports = panes.map((pane) => {
        const vp = readout.viewport(pane);
        if (!vp) throw new Error(`no viewport for the ${pane} pane`);
        return vp;
      });
      const drawn = viewports.map(
        (vp) =>
          new Promise<void>((resolve) => {
            vp.element.addEventListener('CORNERSTONE_IMAGE_RENDERED', () => resolve(), { once: true });
          }),
      );
      for (const [i, vp] of viewports.entries()) {
        let camera = vp.getCamera();
        if (rotate?.panes.includes(panes[i] as PaneId)) {
          const radians = (rotate.degrees * Math.PI) / 180;
          const offset = add(camera.position, camera.focalPoint, -1);
          camera = {
            focalPoint: camera.focalPoint,
            position: add(camera.focalPoint, turn(offset, rotate.axis, radians)),
            viewPlaneNormal: turn(camera.viewPlaneNormal, rotate.axis, radians),
            viewUp: turn(camera.viewUp, rotate.axis, radians),
          };
        }
        const along = dot(add(point, camera.focalPoint, -1), camera.viewPlaneNormal);
        vp.setCamera({
          ...camera,
          focalPoint: add(camera.focalPoint, camera.viewPlaneNormal, along),
          position: add(camera.position, camera.viewPlaneNormal, along),
        });
        vp.render();
      }
      await Promise.all(drawn);
      const grey = (vp: Viewport, [x, y]: [number, number]) => {
        const scale = vp.canvas.width / vp.canvas.clientWidth;
        const context = vp.canvas.getContext('2d');
        if (!context) throw new Error('the pane canvas has no 2D context to read');
        const [r, g, b] = context.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
        return Math.round(((r ?? 0) + (g ?? 0) + (b ?? 0)) / 3);
      };
      const { panes: readPanes } = readout.snapshot();
      const result: Record<string, unknown> = {};
      for (const [i, vp] of viewports.entries()) {
        const pane = panes[i] as string;
        const camera = vp.getCamera();
        const at = vp.worldToCanvas(point);
        result[pane] = {
          at,
          value: grey(vp, at),
          nearby: grey(vp, vp.worldToCanvas(add(point, camera.viewUp, 12))),
          centre: vp.worldToCanvas(camera.focalPoint),
          labels: readPanes[pane]?.labels,
          positionMm: readPanes[pane]?.positionMm,
        };
      }
      return result as Record<PaneId, PaneProbe>;
    },
    { point, panes: [...PANES], rotate },
  );
}

/** Where a patient point lies on screen in one pane (page px), by the engine's camera. */
export async function screenPointOf(page: Page, pane: PaneId, point: Vec3): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ({ pane, point }) => {
      type Viewport = { element: HTMLElement; worldToCanvas(world: Vec3): [number, number] };
      const readout = (window as unknown as { __cmViewer: { mpr: { viewport(p: string): Viewport | undefined } } })
        .__cmViewer.mpr;
      const vp = readout.viewport(pane);
      if (!vp) throw new Error(`no viewport for the ${pane} pane`);
      const [x, y] = vp.worldToCanvas(point);
      const box = vp.element.getBoundingClientRect();
      return { x: box.left + x, y: box.top + y };
    },
    { pane, point },
  );
}

/** The pane read-outs' slice positions (mm along each pane's main axis). */
export const panePositions = (page: Page): Promise<Record<PaneId, number>> =>
  page.evaluate(() => {
    const { panes } = (
      window as unknown as {
        __cmViewer: { mpr: { snapshot(): { panes: Record<string, { positionMm: number }> } } };
      }
    ).__cmViewer.mpr.snapshot();
    return {
      axial: panes.axial?.positionMm ?? NaN,
      coronal: panes.coronal?.positionMm ?? NaN,
      sagittal: panes.sagittal?.positionMm ?? NaN,
    };
  });

/** Each pane's plane as its camera has it: the normal it looks along and the point it is centred on. */
export const panePlanes = (page: Page): Promise<Record<PaneId, { normal: Vec3; focalPoint: Vec3 }>> =>
  page.evaluate(
    (panes) => {
      type Camera = { viewPlaneNormal: Vec3; focalPoint: Vec3 };
      const readout = (
        window as unknown as { __cmViewer: { mpr: { viewport(pane: string): { getCamera(): Camera } | undefined } } }
      ).__cmViewer.mpr;
      const planes: Record<string, { normal: Vec3; focalPoint: Vec3 }> = {};
      for (const pane of panes) {
        const camera = readout.viewport(pane)?.getCamera();
        if (!camera) throw new Error(`no viewport for the ${pane} pane`);
        planes[pane] = { normal: camera.viewPlaneNormal, focalPoint: camera.focalPoint };
      }
      return planes as Record<PaneId, { normal: Vec3; focalPoint: Vec3 }>;
    },
    [...PANES],
  );
