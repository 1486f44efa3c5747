import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { signedInPage, signIn, VIEWER_CONTEXT } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi, hasRealSeries, REAL_SERIES_DIR, zipFolder } from '../support/imaging.ts';
import {
  drawLandmark,
  type Landmark,
  landmarkRow,
  openDetails,
  type Point,
  placeLandmark,
  sidebar,
  waitForJobs,
} from '../support/landmarks.ts';
import {
  apiOf,
  ingestZipByApi,
  markerPhantomZip,
  PANES,
  panePositions,
  screenPointOf,
  waitForWholeVolume,
} from '../support/viewer.ts';

const PHYSICIAN = 'physician@cardiomap.test';
const OTHER_ORGANISATION_PHYSICIAN = 'other-physician@cardiomap.test';
const ANALYST = 'case-analyst@cardiomap.test';
/** Delivers orders (a Case Analyst measures and publishes, but does not deliver). */
const CASE_MANAGER = 'case-manager@cardiomap.test';
/** May cancel a case under evaluation. */
const SERVICES_MANAGER = 'clinical-services-manager@cardiomap.test';

const ANATOMICAL = 1;
const COMPLETED = 3;

/** A user in a browser context of their own, signed in through the form. */

/** A new case of the physician's organisation with the marker phantom ingested (In progress). */
async function ingestedCase(page: Page, zipPath: string): Promise<{ caseId: string; studyId: string }> {
  const { id: caseId } = await createCaseByApi(await ApiAs.of(page), `E2E-VIEW-${Date.now()}`);
  return { caseId, studyId: await ingestZipByApi(page, caseId, zipPath) };
}

/** Signs the page in as the physician and ingests the marker phantom into a new case of theirs. */
async function physicianPhantomCase(page: Page, testInfo: TestInfo): Promise<{ caseId: string; studyId: string }> {
  await signIn(page, PHYSICIAN);
  return ingestedCase(page, await markerPhantomZip(testInfo.outputPath()));
}

/**
 * The physician's phantom case, and an analyst with a new anatomical analysis of it in the MPR viewer,
 * the whole volume loaded: where the landmark-editing tests start.
 */
async function analystInViewer(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  testInfo: TestInfo,
  analysisName: string,
): Promise<{ studyId: string; analyst: Page; analysisId: string }> {
  const { studyId } = await physicianPhantomCase(page, testInfo);
  const analyst = await signedInPage(browser, baseURL, ANALYST, VIEWER_CONTEXT);
  const { id: analysisId } = await (await apiOf(analyst)).call<{ id: string }>('POST', '/api/analyses/', {
    studyId,
    type: ANATOMICAL,
    name: analysisName,
  });
  await analyst.goto(`/study-viewer/${studyId}/mprviewer`);
  await waitForWholeVolume(analyst);
  return { studyId, analyst, analysisId };
}

test('the viewer guards: another organisation gets not-found, nothing delivered is pending, a canceled case says so', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const { caseId, studyId } = await physicianPhantomCase(page, testInfo);

  // The case's own clinician, with nothing delivered yet and no right to see undelivered work.
  await page.goto(`/study-viewer/${studyId}/mprviewer`);
  await expect(page).toHaveURL(/\/results-pending$/);
  await expect(page.getByRole('heading', { name: 'This case is still being processed' })).toBeVisible();

  // A clinician of another organisation cannot tell the study exists.
  const stranger = await signedInPage(browser, baseURL, OTHER_ORGANISATION_PHYSICIAN, VIEWER_CONTEXT);
  await stranger.goto(`/study-viewer/${studyId}`);
  await expect(stranger.getByText('Page Not Found!')).toBeVisible();
  await expect(stranger.getByTestId('study-viewer')).toHaveCount(0);
  await stranger.context().close();

  // Canceled under evaluation by staff: the viewer sends everyone to case-canceled.
  const manager = await signedInPage(browser, baseURL, SERVICES_MANAGER, VIEWER_CONTEXT);
  await (await apiOf(manager)).call('PUT', `/api/cases/${caseId}/cancel/`);
  await manager.context().close();
  await page.goto(`/study-viewer/${studyId}/mprviewer`);
  await expect(page).toHaveURL(/\/case-canceled$/);
  await expect(page.getByRole('heading', { name: 'This case has been canceled.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/cases$/);
});

const distanceOf = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** What a clinician's sidebar row must say: the name and every measurement to two decimals. */
async function expectRowShows(row: Locator, landmark: Landmark) {
  await expect(row).toContainText(landmark.name);
  for (const value of Object.values(landmark.measurements)) await expect(row).toContainText(value.toFixed(2));
}

test('an analyst measures on the real series, a manager publishes and delivers, the clinician sees the same after a reload', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!hasRealSeries(), `The real series is missing (${REAL_SERIES_DIR}).`);
  test.setTimeout(300_000);
  // Everyone signs in first: while the surface job models the real series the server answers slowly.
  await signIn(page, PHYSICIAN);
  const analyst = await signedInPage(browser, baseURL, ANALYST, VIEWER_CONTEXT);
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER, VIEWER_CONTEXT);
  const { caseId, studyId } = await ingestedCase(
    page,
    await zipFolder(REAL_SERIES_DIR, testInfo.outputPath('philips-134.zip')),
  );

  // The surface job (the automatic anatomy; on this non-cardiac series it finds no left heart) is done
  // once the jobs are; the viewer starts the analyst's own analysis for the first landmark.
  await waitForJobs(analyst, caseId);

  // 'View dicom' from the case, then the whole volume in the panes.
  await analyst.goto(`/case-detail/${caseId}/details`);
  await analyst.getByRole('link', { name: 'View dicom' }).click();
  await expect(analyst).toHaveURL(new RegExp(`/study-viewer/${studyId}/mprviewer`));
  await waitForWholeVolume(analyst);
  await openDetails(analyst);
  await sidebar(analyst).getByLabel('Edit mode').check();

  const distance = await placeLandmark(analyst, 'Annulus span', 'Distance', [
    [-70, -50],
    [60, -40],
  ]);
  const outline = await placeLandmark(analyst, 'Annulus outline', 'Closed curve', [
    [0, -90],
    [80, -30],
    [50, 60],
    [-50, 70],
    [-80, -20],
  ]);
  // Points are patient coordinates in the axial plane they were placed in; the measurements are theirs.
  expect(distance.points).toHaveLength(2);
  expect(distance.points[0]![2]).toBeCloseTo(distance.points[1]![2], 3);
  expect(distance.measurements.distance).toBeCloseTo(distanceOf(distance.points[0]!, distance.points[1]!), 3);
  expect(outline.points).toHaveLength(5);
  const ring = outline.points.map((p, i) => distanceOf(p, outline.points[(i + 1) % 5]!));
  expect(outline.measurements.perimeter).toBeCloseTo(
    ring.reduce((a, b) => a + b, 0),
    3,
  );
  // The analyst publishes both in the viewer; the case manager delivers the analysis.
  for (const name of [distance.name, outline.name]) {
    await sidebar(analyst)
      .getByRole('button', { name: `Publish ${name}` })
      .click();
    await expect(landmarkRow(analyst, name)).not.toContainText('(unpublished)');
  }
  await analyst.context().close();
  const managerApi = await apiOf(manager);
  const kase = await managerApi.call<{ orders: { id: string; status: number }[] }>('GET', `/api/cases/${caseId}/`);
  for (const order of kase.orders) await managerApi.call('POST', '/api/deliveries/', { orderId: order.id });
  await expect
    .poll(async () => (await managerApi.call<{ status: number }>('GET', `/api/cases/${caseId}/`)).status)
    .toBe(COMPLETED);
  await manager.context().close();

  // The clinician opens 'View result' and reads both with their measurements.
  await page.goto(`/case-detail/${caseId}/details`);
  await page.getByRole('link', { name: 'View result' }).click();
  await expect(page).toHaveURL(new RegExp(`/study-viewer/${studyId}/3dsurfaceviewer`));
  await openDetails(page);
  await expectRowShows(landmarkRow(page, distance.name), distance);
  await expectRowShows(landmarkRow(page, outline.name), outline);

  // Reloaded: the landmarks the browser loads are the points it sent, to 0.01 mm, measurements alike.
  // The viewer load answer carries the study's landmarks (the list is only refetched after a change).
  const loaded = page.waitForResponse(
    (response) => response.url().endsWith(`/api/study-viewer/${studyId}/`) && response.request().method() === 'GET',
  );
  await page.reload();
  const reloaded = ((await (await loaded).json()) as { landmarks: Landmark[] }).landmarks;
  for (const created of [distance, outline]) {
    const again = reloaded.find((landmark) => landmark.id === created.id);
    expect(again, `${created.name} after the reload`).toBeDefined();
    expect(again?.isPublished).toBe(true);
    expect(again?.points).toHaveLength(created.sent.length);
    again?.points.forEach((point, i) => {
      expect(distanceOf(point, created.sent[i]!), `${created.name} point ${i}`).toBeLessThan(0.01);
    });
    expect(again?.measurements).toEqual(created.measurements);
  }
  await openDetails(page);
  await expectRowShows(landmarkRow(page, distance.name), distance);
  await expectRowShows(landmarkRow(page, outline.name), outline);
});

test('an analyst drags a landmark point in a pane: the pane tools stay put, the move is saved and measured', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { analyst } = await analystInViewer(page, browser, baseURL, testInfo, 'Drag');
  await openDetails(analyst);
  await sidebar(analyst).getByLabel('Edit mode').check();
  const span = await placeLandmark(analyst, 'Dragged span', 'Distance', [
    [-40, 0],
    [40, 0],
  ]);
  const [fixed, moving] = span.points as [Point, Point];
  const positions = await panePositions(analyst);

  // Press on the second point's handle and drag it; in crosshairs mode a drag elsewhere would move them.
  const from = await screenPointOf(analyst, 'axial', moving);
  const patched = analyst.waitForResponse(
    (response) => response.url().endsWith(`/api/landmarks/${span.id}/`) && response.request().method() === 'PATCH',
  );
  await analyst.mouse.move(from.x, from.y);
  await analyst.mouse.down();
  await analyst.mouse.move(from.x + 10, from.y + 10);
  await analyst.mouse.move(from.x + 30, from.y + 40);
  await analyst.mouse.up();
  const response = await patched;
  expect(response.status()).toBe(200);
  const saved = (await response.json()) as Landmark;
  expect(saved.points[0]).toEqual(fixed);
  expect(distanceOf(saved.points[1]!, moving)).toBeGreaterThan(5);
  expect(saved.points[1]![2]).toBeCloseTo(moving[2], 3);
  expect(saved.measurements.distance).toBeCloseTo(distanceOf(fixed, saved.points[1]!), 3);
  await expect(landmarkRow(analyst, span.name)).toContainText(saved.measurements.distance!.toFixed(2));
  expect(await panePositions(analyst)).toEqual(positions);
  await analyst.context().close();
});

/** A click in a pane as the point placer takes one (down, a 1 px move, up), offsets from the pane's centre. */
async function clickInPane(page: Page, pane: string, dx: number, dy: number) {
  const box = await page.getByTestId(`mpr-pane-${pane}`).boundingBox();
  if (!box) throw new Error(`The ${pane} pane is not on screen.`);
  const x = box.x + box.width / 2 + dx;
  const y = box.y + box.height / 2 + dy;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 1, y);
  await page.mouse.up();
}

test("placing a landmark's points moves no crosshairs, custom or predefined; a plain click still does", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { analyst } = await analystInViewer(page, browser, baseURL, testInfo, 'Crosshairs');
  // Outside landmark placing, the crosshairs mode's click moves the other panes to the clicked point.
  const start = await panePositions(analyst);
  await clickInPane(analyst, 'axial', -40, 10);
  await expect.poll(() => panePositions(analyst)).not.toEqual(start);
  const moved = await panePositions(analyst);

  await openDetails(analyst);
  await sidebar(analyst).getByLabel('Edit mode').check();
  const form = analyst.getByRole('form', { name: 'New landmark' });
  const draft = analyst.getByLabel('Landmark being placed');
  // A custom landmark's first point (the issue's case), then a predefined one's (Annulus, axial).
  await form.getByLabel('Name').fill('Custom span');
  await form.getByRole('button', { name: 'New landmark' }).click();
  await clickInPane(analyst, 'axial', 30, -20);
  await expect(draft).toContainText('1 point(s)');
  expect(await panePositions(analyst)).toEqual(moved);
  await draft.getByRole('button', { name: 'Cancel' }).click();
  await form.getByLabel('Landmark type').click();
  await analyst.getByRole('option', { name: 'Annulus', exact: true }).click();
  await form.getByRole('button', { name: 'New landmark' }).click();
  await clickInPane(analyst, 'axial', 25, 15);
  await expect(draft).toContainText('Placing Annulus: 1 point(s)');
  expect(await panePositions(analyst)).toEqual(moved);
  await analyst.context().close();
});

test('an analyst whose area crosses itself is told so beside the drawing; neither browser nor server saves it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { analyst, analysisId } = await analystInViewer(page, browser, baseURL, testInfo, 'Outline');
  await openDetails(analyst);
  await sidebar(analyst).getByLabel('Edit mode').check();
  const posted: string[] = [];
  analyst.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/landmarks/')) posted.push(request.url());
  });

  // A square with its last two corners swapped: a bow-tie.
  const draft = await drawLandmark(analyst, 'Crossed outline', 'Area', [
    [-40, -40],
    [40, -40],
    [-40, 40],
    [40, 40],
  ]);
  await expect(draft.getByRole('alert')).toHaveText('The outline crosses itself');
  await draft.getByRole('button', { name: 'Save' }).click();
  await expect(draft.getByRole('alert')).toHaveText('The outline crosses itself');
  await draft.getByRole('button', { name: 'Cancel' }).click();
  expect(posted).toEqual([]);

  // A client that sends it anyway gets the same reason, on the points, and nothing is written.
  const crossed: Point[] = [
    [-20, -20, 0],
    [20, -20, 0],
    [-20, 20, 0],
    [20, 20, 0],
  ];
  const api = await apiOf(analyst);
  const refused = await api.call(
    'POST',
    '/api/landmarks/',
    { analysisId, name: 'Sent anyway', geometryType: 1, viewType: 6, points: crossed },
    [400],
  );
  expect(refused).toEqual({ points: ['The outline crosses itself'] });
  const listed = await api.call<{ count: number }>('GET', `/api/landmarks/?analysis_id=${analysisId}`);
  expect(listed.count).toBe(0);
  await analyst.context().close();
});

/** An ASCII STL of a closed tube of `radius` mm along the patient z axis from z0 to z1, `sides` around. */
function tubeStl(radius: number, sides: number, z0: number, z1: number): string {
  const at = (s: number, z: number): Point => {
    const angle = (2 * Math.PI * s) / sides;
    return [radius * Math.cos(angle), radius * Math.sin(angle), z];
  };
  const triangles: Point[][] = [];
  for (let s = 0; s < sides; s++) {
    triangles.push([at(s, z0), at(s + 1, z0), at(s + 1, z1)], [at(s, z0), at(s + 1, z1), at(s, z1)]);
    triangles.push([[0, 0, z0], at(s + 1, z0), at(s, z0)], [[0, 0, z1], at(s, z1), at(s + 1, z1)]);
  }
  const facets = triangles.map(
    (t) => `facet normal 0 0 0\nouter loop\n${t.map((p) => `vertex ${p.join(' ')}`).join('\n')}\nendloop\nendfacet`,
  );
  return `solid aorta\n${facets.join('\n')}\nendsolid aorta\n`;
}

test('a case manager outlines the Aorta result in every pane with the contour toggle', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { studyId } = await physicianPhantomCase(page, testInfo);
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER, VIEWER_CONTEXT);
  const { call } = await apiOf(manager);
  const analysis = await call<{ id: string }>('POST', '/api/analyses/', { studyId, type: ANATOMICAL, name: 'Aorta' });
  const resource = await call<{ id: string; writeUrl: string }>('POST', '/api/analysis-resources/', {
    analysisId: analysis.id,
    type: 1,
    name: 'Aorta',
    filename: 'aorta.stl',
    metadata: { mimeType: 'model/stl' },
  });
  const put = await manager.request.put(resource.writeUrl, {
    data: tubeStl(10, 48, -40, 40),
    headers: { 'content-type': 'model/stl' },
  });
  expect(put.ok(), `PUT the mesh: ${put.status()}`).toBe(true);
  await call('GET', `/api/analysis-resources/${resource.id}/confirm-upload/`);

  await manager.goto(`/study-viewer/${studyId}/mprviewer`);
  await waitForWholeVolume(manager);
  await manager.getByRole('button', { name: 'Contour' }).click();
  for (const pane of PANES) {
    await expect(manager.getByTestId(`mpr-${pane}-contour`).locator('path')).toHaveAttribute('d', /^M.*Z$/);
  }
  // The axial outline is the tube's circle, where the engine's own camera puts a 10 mm circle.
  const centre = await screenPointOf(manager, 'axial', [0, 0, 0]);
  const rim = await screenPointOf(manager, 'axial', [10, 0, 0]);
  const radius = Math.hypot(rim.x - centre.x, rim.y - centre.y);
  const outline = await manager.getByTestId('mpr-axial-contour').evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    const d = svg.querySelector('path')?.getAttribute('d') ?? '';
    return [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [box.left + Number(m[1]), box.top + Number(m[2])]);
  });
  expect(outline.length).toBeGreaterThanOrEqual(48);
  for (const [x, y] of outline) expect(Math.abs(Math.hypot(x! - centre.x, y! - centre.y) - radius)).toBeLessThan(1);
  await manager.context().close();
});
