import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { acceptCookies, DEMO_PASSWORD, signedInPage, signIn, VIEWER_CONTEXT } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';
import {
  apiOf,
  ingestZipByApi,
  markerPhantomZip,
  panePlanes,
  panePositions,
  waitForWholeVolume,
} from '../support/viewer.ts';

const PHYSICIAN = 'physician@cardiomap.test';
const ANALYST = 'case-analyst@cardiomap.test';
const CASE_MANAGER = 'case-manager@cardiomap.test';
const ANATOMICAL = 1;
/** The predefined TAVI annulus (server/src/db/seed/landmark-types.ts): the sizing table sizes on it. */
const ANNULUS_TYPE = '00000000-0000-4000-8000-000000001a01';

type Point = [number, number, number];

const DOWNLOADS = { ...VIEWER_CONTEXT, acceptDownloads: true };

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Viewer sidebar' });

const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const minus = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** The coronal and sagittal panes' slices go through the point (the read-outs' positions, ±0.5 mm). */
async function expectCoronalSagittalThrough(page: Page, point: Point) {
  await expect.poll(async () => (await panePositions(page)).coronal).toBeCloseTo(point[1], 0);
  await expect.poll(async () => (await panePositions(page)).sagittal).toBeCloseTo(point[0], 0);
}

/** The axial pane looks along the annulus's normal, centred in its plane; the other two through its centre. */
async function expectPanesOnAnnulus(page: Page, centre: Point, normal: Point) {
  await expect
    .poll(async () => {
      const { axial } = await panePlanes(page);
      return {
        facing: Math.abs(dot(axial.normal, normal)),
        offPlaneMm: Math.abs(dot(minus(axial.focalPoint, centre), normal)),
      };
    })
    .toEqual({ facing: expect.closeTo(1, 3), offPlaneMm: expect.closeTo(0, 0) });
  await expectCoronalSagittalThrough(page, centre);
}

/**
 * All three panes' slices go through the point: the axial pane, still turned into the annulus's plane,
 * moved along its own normal; the coronal (the landmark's own) and sagittal read-outs at the point.
 */
async function expectPanesThrough(page: Page, point: Point) {
  await expect
    .poll(async () => {
      const { axial } = await panePlanes(page);
      return Math.abs(dot(minus(axial.focalPoint, point), axial.normal));
    })
    .toBeCloseTo(0, 0);
  await expectCoronalSagittalThrough(page, point);
}

/**
 * A navigation of the open page to `path`, as the router sees back and forward between its own entries:
 * a history entry with a router key of its own, then popstate. A `goto` would load a new page.
 */
async function followInThisTab(page: Page, path: string) {
  await page.evaluate((path) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: `e2e-${Date.now()}`, idx: index + 1 }, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

test('a delivered analysis: staff generate the report, the physician downloads it, a value opens its landmark', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  // Set up through the API (the deliver UI is another spec's): a physician's case with the phantom ingested.
  await signIn(page, PHYSICIAN);
  const { id: caseId } = await createCaseByApi(await ApiAs.of(page), `E2E-REPORT-${Date.now()}`);
  const studyId = await ingestZipByApi(page, caseId, await markerPhantomZip(testInfo.outputPath()));

  // The analyst measures the annulus and a coronary height and publishes both.
  const analyst = await signedInPage(browser, baseURL, ANALYST, DOWNLOADS);
  const analystApi = await apiOf(analyst);
  const { id: analysisId } = await analystApi.call<{ id: string }>('POST', '/api/analyses/', {
    studyId,
    type: ANATOMICAL,
    name: 'TAVI anatomy',
  });
  const load = await analystApi.call<{ dicom: { attributes: { origin: number[]; spacing: number[] } } }>(
    'GET',
    `/api/study-viewer/${studyId}/`,
  );
  const [ox = 0, oy = 0, oz = 0] = load.dicom.attributes.origin;
  // Away from the middle slices the viewer opens on, so landing on the landmark is not a coincidence; and
  // tilted 25° about the patient's left–right axis, as an annulus is, so its pane turns obliquely.
  const centre: Point = [ox + 70, oy + 35, oz + 72];
  const tilt = (25 * Math.PI) / 180;
  const ring: Point[] = Array.from({ length: 12 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 12;
    const [u, v] = [12 * Math.cos(angle), 12 * Math.sin(angle)];
    return [centre[0] + u, centre[1] + v * Math.cos(tilt), centre[2] + v * Math.sin(tilt)];
  });
  const ringNormal: Point = [0, -Math.sin(tilt), Math.cos(tilt)];
  // The coronary height, elsewhere again: a distance, so its own (coronal) pane goes through its middle.
  const heightFrom: Point = [ox + 40, oy + 62, oz + 30];
  const heightMiddle: Point = [heightFrom[0], heightFrom[1], heightFrom[2] + 7];
  const annulus = await analystApi.call<{ id: string; measurements: { perimeter: number } }>(
    'POST',
    '/api/landmarks/',
    {
      analysisId,
      landmarkTypeId: ANNULUS_TYPE,
      name: 'Annulus',
      geometryType: 2,
      viewType: 6,
      points: ring,
    },
  );
  const height = await analystApi.call<{ id: string }>('POST', '/api/landmarks/', {
    analysisId,
    name: 'LCA height',
    geometryType: 3,
    viewType: 5,
    points: [heightFrom, [heightFrom[0], heightFrom[1], heightFrom[2] + 14]],
  });
  for (const landmark of [annulus, height]) {
    await analystApi.call('POST', `/api/landmarks/${landmark.id}/publish/`);
  }
  await analyst.context().close();

  // The case manager delivers; the delivery queues the report, and staff may generate it again.
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER, DOWNLOADS);
  const managerApi = await apiOf(manager);
  const kase = await managerApi.call<{ caseIdentifier: string; orders: { id: string }[] }>(
    'GET',
    `/api/cases/${caseId}/`,
  );
  for (const order of kase.orders) await managerApi.call('POST', '/api/deliveries/', { orderId: order.id });
  await manager.goto(`/case-detail/${caseId}/details`);
  const generate = manager.getByRole('button', { name: 'Generate report' });
  await expect(generate).toBeEnabled({ timeout: 60_000 });
  await generate.click();
  // The delivery's job made this analysis version's reports: nothing to redo, and the user is told so.
  await expect(manager.getByText('The report is up to date: nothing changed since it was generated.')).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Download the report.' })).toBeVisible({ timeout: 60_000 });
  await manager.context().close();

  // The physician downloads <case>-report.pdf from the case.
  await page.goto(`/case-detail/${caseId}/details`);
  const button = page.getByRole('button', { name: 'Download the report.' });
  await button.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Download the report.');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`${kase.caseIdentifier}-report.pdf`);
  const path = testInfo.outputPath('report.pdf');
  await download.saveAs(path);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain(`${annulus.measurements.perimeter.toFixed(1)} mm`);
  expect(text).toContain('14.0 mm');
  expect(text).toContain('LCA height');
  // SAPIEN 3 is balloon-expandable: its oversizing is by area, and every range is to be checked in the IFU.
  expect(text).toContain('Oversizing (area)');
  expect(text.replace(/\s+/g, ' ')).toContain("confirm every range against the manufacturer's current instructions");
  const links = [...(await readFile(path)).toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1] ?? '');
  const annulusLink = `${baseURL}/study-viewer/${studyId}?landmark=${annulus.id}`;
  expect(links).toContain(annulusLink);
  expect(links).toContain(`${baseURL}/study-viewer/${studyId}?landmark=${height.id}`);

  // The link, opened by someone not signed in yet, goes through sign-in to the MPR panes on the annulus.
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await acceptCookies(context, baseURL ?? '');
  const reader = await context.newPage();
  await reader.goto(annulusLink);
  await expect(reader).toHaveURL(/\/login\?redirect=/);
  await reader.getByLabel('E-mail').fill(PHYSICIAN);
  await reader.getByLabel('Password').fill(DEMO_PASSWORD);
  await reader.getByRole('button', { name: 'Sign in' }).click();
  await expect(reader).toHaveURL(new RegExp(`/study-viewer/${studyId}/mprviewer\\?landmark=${annulus.id}$`));
  // All three panes on the annulus (issue 30 §1): its own, axial, pane turned into its tilted plane,
  // the coronal and sagittal ones through its centre.
  await waitForWholeVolume(reader);
  await expectPanesOnAnnulus(reader, centre, ringNormal);
  await sidebar(reader).getByRole('tab', { name: 'Details' }).click();
  const list = sidebar(reader).getByRole('list', { name: 'Landmarks' });
  const row = list.getByRole('button', { name: /^Annulus Perimeter/ });
  await expect(row).toHaveClass(/Mui-selected/);

  // Scrolled away, a second click on the selected annulus brings the panes back to it.
  const axialPane = reader.getByTestId('mpr-pane-axial');
  await axialPane.hover();
  const before = await panePositions(reader);
  for (let i = 0; i < 8; i++) await reader.mouse.wheel(0, 120);
  await expect.poll(async () => (await panePositions(reader)).axial).not.toBeCloseTo(before.axial, 0);
  await row.click();
  await expectPanesOnAnnulus(reader, centre, ringNormal);

  // The other landmark in the list: its own (coronal) pane and the others through its middle.
  await list.getByRole('button', { name: /^LCA height/ }).click();
  await expectPanesThrough(reader, heightMiddle);

  // The annulus's link followed in this open tab (a navigation of the page, not a new one).
  await followInThisTab(reader, `/study-viewer/${studyId}/mprviewer?landmark=${annulus.id}`);
  await expect(row).toHaveClass(/Mui-selected/);
  await expectPanesOnAnnulus(reader, centre, ringNormal);
  await expect(sidebar(reader).getByRole('heading', { name: 'Device sizing' })).toBeVisible();
  await expect(sidebar(reader).getByText('Oversizing (area)')).toBeVisible();
  await expect(
    sidebar(reader).getByText(/confirm every range against the manufacturer's current instructions/),
  ).toBeVisible();
  await context.close();
});
