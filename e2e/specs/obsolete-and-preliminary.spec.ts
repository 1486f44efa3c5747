import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { anatomyPhantom } from '../../server/src/imaging/testing/anatomy-phantom/anatomy-phantom.ts';
import { writeAnatomyPhantomZip } from '../../server/src/imaging/testing/anatomy-phantom/dicom.ts';
import {
  addAnalysisByApi,
  CASE_MANAGER,
  openCaseDetail,
  PHYSICIAN,
  physicianCaseInProgress,
  signedInWide,
} from '../support/delivery.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';
import { waitForJobs } from '../support/landmarks.ts';
import { apiOf, ingestZipByApi } from '../support/viewer.ts';

const ANALYST = 'case-analyst@cardiomap.test';
const OBSOLETE_BANNER = /^Obsolete: these results were marked obsolete/;

interface SceneLoad {
  config: { visualisations: { name: string; objects: { name: string; isPreliminary?: boolean }[] }[] };
}
const objectNames = (load: SceneLoad) => load.config.visualisations.flatMap((v) => v.objects.map((o) => o.name));

/** Staff's order action on the case detail: the button, then the dialog's confirming button. */
async function orderAction(page: Page, button: string, dialogName: string | RegExp, confirm: string, toast: string) {
  await page
    .getByRole('group', { name: /^Actions for Anatomical analysis/ })
    .getByRole('button', { name: button })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(page.getByTestId('toast').filter({ hasText: toast })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The physician's report PDF from the case detail, as text. */
async function reportText(page: Page, caseId: string, path: string): Promise<string> {
  await openCaseDetail(page, caseId);
  const button = page.getByRole('button', { name: 'Download the report.' });
  await expect(button).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await download.saveAs(path);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

test.describe.configure({ timeout: 240_000 });

test('obsolete delivery: marked in the viewer, case and PDF; a duplicate of the order is delivered anew', async ({
  browser,
  baseURL,
}, testInfo) => {
  const physician = await signedInWide(browser, baseURL, PHYSICIAN);
  const kase = await physicianCaseInProgress(physician, testInfo, 'E2E-OBSOLETE');
  const manager = await signedInWide(browser, baseURL, CASE_MANAGER);
  await addAnalysisByApi(manager, kase.studyId, 'TAVI anatomy');
  const managerApi = await apiOf(manager);
  const { orders } = await managerApi.call<{ orders: { id: string }[] }>('GET', `/api/cases/${kase.caseId}/`);
  const firstOrder = orders[0]?.id ?? '';
  await managerApi.call('POST', '/api/deliveries/', { orderId: firstOrder });

  // The manager marks the delivery obsolete on the case detail.
  await openCaseDetail(manager, kase.caseId);
  await orderAction(manager, 'Obsolete delivery', 'Mark the delivery obsolete?', 'Mark obsolete', 'marked obsolete');

  // The physician's viewer says the results are obsolete, in the header and on Details.
  await physician.goto(`/study-viewer/${kase.studyId}/3dsurfaceviewer`);
  await expect(physician.getByText(OBSOLETE_BANNER).first()).toBeVisible();
  await physician.getByRole('tab', { name: 'Details' }).click();
  await expect(physician.getByText(OBSOLETE_BANNER)).toHaveCount(2);
  // The case detail names the order obsoleted, and the report stays downloadable, watermarked.
  await openCaseDetail(physician, kase.caseId);
  await expect(physician.getByText(/obsoleted/i).first()).toBeVisible();
  const obsolete = await reportText(physician, kase.caseId, testInfo.outputPath('obsolete.pdf'));
  expect(obsolete).toContain('Obsolete: superseded, must no longer be used');

  // The physician orders the same again: the case is in progress until the newer delivery.
  await orderAction(physician, 'Duplicate order', 'Duplicate this order?', 'Duplicate order', 'Order duplicated');
  await expect(physician.getByTestId('case-status')).toHaveText('In progress');
  const after = await managerApi.call<{ orders: { id: string; status: number }[] }>(
    'GET',
    `/api/cases/${kase.caseId}/`,
  );
  const newOrder = after.orders.find((o) => o.id !== firstOrder);
  expect(newOrder?.status).toBe(0);
  await managerApi.call('POST', '/api/deliveries/', { orderId: newOrder?.id });

  await openCaseDetail(physician, kase.caseId);
  await expect(physician.getByTestId('case-status')).toHaveText('Completed');
  await physician.goto(`/study-viewer/${kase.studyId}/3dsurfaceviewer`);
  await expect(physician.getByTestId('scene-canvas')).toBeVisible();
  await expect(physician.getByText(OBSOLETE_BANNER)).toHaveCount(0);
});

test("the automatic anatomy stays with staff: absent from a clinician's delivered scene", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(480_000);
  const physician = await signedInWide(browser, baseURL, PHYSICIAN);
  const analyst = await signedInWide(browser, baseURL, ANALYST);
  const manager = await signedInWide(browser, baseURL, CASE_MANAGER);
  const { id: caseId } = await createCaseByApi(await ApiAs.of(physician), `E2E-PRELIM-${Date.now()}`);
  // A gated contrast CT with a known left heart (issue 31's phantom), so the job has anatomy to find.
  const zipPath = testInfo.outputPath('anatomy-phantom.zip');
  await writeAnatomyPhantomZip(anatomyPhantom(1, { spacing: 1 }), zipPath);
  const studyId = await ingestZipByApi(physician, caseId, zipPath);
  await waitForJobs(analyst, caseId);

  // Staff see the surface job's structures, marked preliminary, and may switch them off.
  const staffLoad = await (await apiOf(analyst)).call<SceneLoad>('GET', `/api/study-viewer/${studyId}/`);
  const preliminary = staffLoad.config.visualisations
    .flatMap((v) => v.objects)
    .filter((o) => o.isPreliminary)
    .map((o) => o.name);
  expect(preliminary).toEqual(expect.arrayContaining(['Aorta', 'Left ventricle', 'Left atrium + LAA']));
  const name = 'Left ventricle';
  await analyst.goto(`/study-viewer/${studyId}/3dsurfaceviewer`);
  await expect(analyst.getByTestId('scene-canvas')).toBeVisible();
  await analyst.getByRole('tab', { name: 'Object Settings' }).click();
  await expect(analyst.getByRole('checkbox', { name: `Show ${name}` })).toBeVisible();

  // Delivered, the clinician's scene has no trace of it.
  await addAnalysisByApi(manager, studyId, 'TAVI anatomy');
  const managerApi = await apiOf(manager);
  const { orders } = await managerApi.call<{ orders: { id: string }[] }>('GET', `/api/cases/${caseId}/`);
  for (const order of orders) await managerApi.call('POST', '/api/deliveries/', { orderId: order.id });
  const clinicianLoad = await (await apiOf(physician)).call<SceneLoad>('GET', `/api/study-viewer/${studyId}/`);
  expect(objectNames(clinicianLoad)).not.toContain(name);
  await physician.goto(`/study-viewer/${studyId}/3dsurfaceviewer`);
  await expect(physician.getByTestId('scene-canvas')).toBeVisible();
  await physician.getByRole('tab', { name: 'Object Settings' }).click();
  await expect(physician.getByText('No 3D objects in this study yet.')).toBeVisible();
  for (const structure of preliminary) {
    await expect(physician.getByRole('checkbox', { name: `Show ${structure}` })).toHaveCount(0);
  }
});
