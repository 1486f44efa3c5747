import {
  addAnalysisByApi,
  CASE_MANAGER,
  degradeThroughUi,
  deliverThroughUi,
  expectCaseReady,
  expectCouldNotBeProcessed,
  openCaseDetail,
  PHYSICIAN,
  physicianCaseInProgress,
  rejectThroughUi,
  signedInWide,
  uploadThroughUi,
} from '../support/delivery.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi, zipOfTextFiles } from '../support/imaging.ts';
import { markerPhantomZip } from '../support/viewer.ts';

// Each test ingests a phantom CT before staff act on it.
test.describe.configure({ timeout: 180_000 });

test('a case manager marks non-clinical and delivers through the case detail; the physician sees it ready', async ({
  browser,
  baseURL,
}, testInfo) => {
  const physician = await signedInWide(browser, baseURL, PHYSICIAN);
  const kase = await physicianCaseInProgress(physician, testInfo, 'E2E-DELIVER');
  const manager = await signedInWide(browser, baseURL, CASE_MANAGER);
  await addAnalysisByApi(manager, kase.studyId, 'TAVI anatomy');

  await openCaseDetail(manager, kase.caseId);
  await expect(manager.getByTestId('case-status')).toHaveText('In progress');
  // Reject stays offered until something is delivered; afterwards it says why not.
  await expect(manager.getByRole('button', { name: 'Reject case' })).not.toHaveAttribute('aria-disabled');
  const remark = 'Motion artefacts at the annulus: the sizing is indicative only.';
  await degradeThroughUi(manager, { remark });
  await expect(manager.getByRole('button', { name: 'Mark non-clinical' })).toHaveAccessibleDescription(
    'This analysis is already marked non-clinical.',
  );
  await deliverThroughUi(manager, { analysisName: 'TAVI anatomy' });
  await expect(manager.getByTestId('case-status')).toHaveText('Completed');
  await expect(manager.getByRole('button', { name: 'Reject case' })).toHaveAttribute('aria-disabled', 'true');

  await expectCaseReady(physician, kase.caseId);
  // Spec §8: the non-clinical order shows its label and the analyst's remark.
  const orders = physician.getByRole('list', { name: 'Orders' });
  await expect(orders).toContainText('Not intended for medical use');
  await expect(orders).toContainText(remark);
  // The physician takes no staff action.
  await expect(physician.getByRole('button', { name: 'Deliver' })).toHaveCount(0);
  await physician.getByRole('link', { name: 'Back to cases' }).click();
  await expect(physician).toHaveURL(/\/cases/);
});

test('a case manager rejects a case; the physician sees "Could not be processed" with the reason', async ({
  browser,
  baseURL,
}, testInfo) => {
  const physician = await signedInWide(browser, baseURL, PHYSICIAN);
  const kase = await physicianCaseInProgress(physician, testInfo, 'E2E-REJECT');
  const manager = await signedInWide(browser, baseURL, CASE_MANAGER);

  const rejection = {
    reason: 'No contrast in the region of interest',
    comment: 'Please send a contrast-enhanced CT angiography of the aortic root.',
  };
  await openCaseDetail(manager, kase.caseId);
  await rejectThroughUi(manager, rejection);
  await expect(manager.getByTestId('case-status')).toHaveText('Rejected');

  await expectCouldNotBeProcessed(physician, kase.caseId, rejection);
  await expect(physician.getByTestId('case-status')).toHaveText('Rejected');
});

test('after invalid input the physician sees why, and uploads again from the same page', async ({
  browser,
  baseURL,
}, testInfo) => {
  const physician = await signedInWide(browser, baseURL, PHYSICIAN);
  const { id: caseId } = await createCaseByApi(await ApiAs.of(physician), `E2E-REUPLOAD-${Date.now()}`);
  await openCaseDetail(physician, caseId);
  await uploadThroughUi(physician, await zipOfTextFiles(testInfo.outputPath(), testInfo.outputPath('documents.zip')));
  await expect(physician.getByTestId('case-status')).toHaveText('Invalid input', { timeout: 90_000 });
  await expect(physician.getByTestId('images-state')).toContainText('The uploaded images cannot be used');
  await expect(physician.getByRole('heading', { name: 'Upload the images again' })).toBeVisible();
  await expect(
    physician.getByRole('group', { name: 'Case actions' }).getByRole('button', { name: 'Cancel case' }),
  ).not.toHaveAttribute('aria-disabled');

  await uploadThroughUi(physician, await markerPhantomZip(testInfo.outputPath()));
  await expect(physician.getByTestId('case-status')).toHaveText('In progress', { timeout: 120_000 });
  await expect(physician.getByTestId('images-state')).toContainText('Images uploaded!');
});
