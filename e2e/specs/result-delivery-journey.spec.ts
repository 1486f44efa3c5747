import { E2E_DATA_DIR } from '../playwright.config.ts';
import {
  captureFigureThroughUi,
  expectFigureListed,
  uploadMeshThroughUi,
  writeTetrahedronStl,
} from '../support/analysis-results.ts';
import {
  CASE_MANAGER,
  deliverThroughUi,
  expectCaseReady,
  openCaseDetail,
  PHYSICIAN,
  signedInWide,
  uploadThroughUi,
} from '../support/delivery.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, hasRealSeries, REAL_SERIES_DIR, zipFolder } from '../support/imaging.ts';
import { landmarkRow, openDetails, placeLandmark, sidebar, waitForJobs } from '../support/landmarks.ts';
import { linkFromOutbox } from '../support/outbox.ts';
import { requestTaviCaseThroughUi } from '../support/request-case.ts';
import { waitForWholeVolume } from '../support/viewer.ts';

const ANALYST = 'case-analyst@cardiomap.test';
/** The analyst's own analysis, which the viewer starts on the analyst's first landmark. */
const ANALYST_ANALYSIS = 'Anatomical analysis';

/**
 * Issue 17's loop, every step through the UI in Chromium: upload → processing → analysis → delivery →
 * the e-mail → the physician views the result. (The surface job runs first; on this non-cardiac series it
 * finds no left heart and makes no preliminary model: obsolete-and-preliminary.spec.ts covers that model.)
 */
test('a TAVI case goes from upload to the physician viewing the delivered result from the e-mail', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!hasRealSeries(), `The real series is missing (${REAL_SERIES_DIR}): nothing to upload.`);
  test.setTimeout(480_000);
  // Everyone signs in first: while the surface job models the real series the server answers slowly.
  const physician = await signedInWide(browser, baseURL, PHYSICIAN);
  const analyst = await signedInWide(browser, baseURL, ANALYST);
  // A Case Analyst measures and publishes but may not deliver (spec §6: cases.add_delivery); the
  // Case Manager does, as in the other e2e specs.
  const manager = await signedInWide(browser, baseURL, CASE_MANAGER);

  // The physician requests the case and uploads the shared 134-slice series on its page.
  const identifier = await requestTaviCaseThroughUi(physician, `E2E-JOURNEY-${Date.now()}`);
  const api = await ApiAs.of(physician);
  const found = await api.get<{ results: { id: string; caseIdentifier: string }[] }>(
    `/api/cases/?search=${encodeURIComponent(identifier)}`,
  );
  const caseId = found.results.find((c) => c.caseIdentifier === identifier)?.id ?? '';
  expect(caseId).not.toBe('');
  await openCaseDetail(physician, caseId);
  await uploadThroughUi(physician, await zipFolder(REAL_SERIES_DIR, testInfo.outputPath('philips-134.zip')));
  await expect(physician.getByTestId('case-status')).toHaveText('In progress', { timeout: 180_000 });

  // The analyst opens it in the viewer once ingest and the surface job are done.
  await waitForJobs(analyst, caseId);
  await openCaseDetail(analyst, caseId);
  await analyst.getByRole('link', { name: 'View dicom' }).click();
  await expect(analyst).toHaveURL(/\/study-viewer\/[\w-]+\/mprviewer/);
  const studyId = /study-viewer\/([\w-]+)\//.exec(analyst.url())?.[1] ?? '';
  await waitForWholeVolume(analyst);
  await openDetails(analyst);
  await sidebar(analyst).getByLabel('Edit mode').check();
  const span = await placeLandmark(analyst, 'Annulus span', 'Distance', [
    [-70, -50],
    [60, -40],
  ]);
  const height = await placeLandmark(analyst, 'Sinus height', 'Distance', [
    [-20, -60],
    [10, 50],
  ]);
  for (const name of [span.name, height.name]) {
    await sidebar(analyst)
      .getByRole('button', { name: `Publish ${name}` })
      .click();
    await expect(landmarkRow(analyst, name)).not.toContainText('(unpublished)');
  }
  // The mesh and the figure, in the 3D view.
  await analyst.goto(`/study-viewer/${studyId}/3dsurfaceviewer`);
  await expect(analyst.getByTestId('scene-canvas')).toBeVisible();
  await uploadMeshThroughUi(analyst, {
    name: 'Aorta',
    file: await writeTetrahedronStl(testInfo.outputPath('aorta.stl')),
  });
  await captureFigureThroughUi(analyst, { view: '3D view', caption: 'Aortic root from the front' });
  await analyst.context().close();

  // The case manager delivers the analyst's analysis (never the preliminary model) on the case detail.
  await openCaseDetail(manager, caseId);
  await deliverThroughUi(manager, { analysisName: ANALYST_ANALYSIS });
  await manager.context().close();

  // The physician's delivery e-mail links to the result, which opens with everything the analyst made.
  const link = await linkFromOutbox(E2E_DATA_DIR, PHYSICIAN, /https?:\/\/\S+\/study-viewer\/[\w-]+\/3dsurfaceviewer/);
  expect(link).toContain(studyId);
  await physician.goto(link);
  await expect(physician.getByTestId('scene-canvas')).toBeVisible();
  await physician.getByRole('tab', { name: 'Object Settings' }).click();
  await expect(physician.getByRole('checkbox', { name: 'Show Aorta' })).toBeChecked();
  await openDetails(physician);
  await expect(physician.getByRole('list', { name: '3D results' }).getByText('Aorta', { exact: true })).toBeVisible();
  for (const landmark of [span, height]) {
    await expect(landmarkRow(physician, landmark.name)).toContainText(landmark.measurements.distance!.toFixed(2));
  }
  await expectFigureListed(physician, 'Aortic root from the front');
  await expectCaseReady(physician, caseId);
});
