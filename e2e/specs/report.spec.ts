import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { acceptCookies, DEMO_PASSWORD, signedInPage, signIn, VIEWER_CONTEXT } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';
import { apiOf, ingestZipByApi, markerPhantomZip } from '../support/viewer.ts';

const PHYSICIAN = 'physician@cardiomap.test';
const ANALYST = 'case-analyst@cardiomap.test';
const CASE_MANAGER = 'case-manager@cardiomap.test';
const ANATOMICAL = 1;
/** The predefined TAVI annulus (server/src/db/seed/landmark-types.ts): the sizing table sizes on it. */
const ANNULUS_TYPE = '00000000-0000-4000-8000-000000001a01';

type Point = [number, number, number];

const DOWNLOADS = { ...VIEWER_CONTEXT, acceptDownloads: true };

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Viewer sidebar' });

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
  const centre: Point = [ox + 51.2, oy + 51.2, oz + 50];
  const ring: Point[] = Array.from({ length: 12 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 12;
    return [centre[0] + 12 * Math.cos(angle), centre[1] + 12 * Math.sin(angle), centre[2]];
  });
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
    points: [centre, [centre[0], centre[1], centre[2] + 14]],
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
  await sidebar(reader).getByRole('tab', { name: 'Details' }).click();
  const row = sidebar(reader)
    .getByRole('list', { name: 'Landmarks' })
    .getByRole('button', { name: /^Annulus Perimeter/ });
  await expect(row).toHaveClass(/Mui-selected/);
  await expect(sidebar(reader).getByRole('heading', { name: 'Device sizing' })).toBeVisible();
  await expect(sidebar(reader).getByText('Oversizing (area)')).toBeVisible();
  await expect(
    sidebar(reader).getByText(/confirm every range against the manufacturer's current instructions/),
  ).toBeVisible();
  await context.close();
});
