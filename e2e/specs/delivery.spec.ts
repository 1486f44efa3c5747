import {
  addAnalysisByApi,
  CASE_MANAGER,
  deliverThroughUi,
  expectCaseReady,
  expectCouldNotBeProcessed,
  openCaseDetail,
  PHYSICIAN,
  physicianCaseInProgress,
  rejectThroughUi,
  signedInPage,
} from '../support/delivery.ts';
import { expect, test } from '../support/fixtures.ts';

// Each test ingests a phantom CT before staff act on it.
test.describe.configure({ timeout: 180_000 });

test('a case manager delivers a case in progress through the case detail; the physician sees it ready', async ({
  browser,
  baseURL,
}, testInfo) => {
  const physician = await signedInPage(browser, baseURL, PHYSICIAN);
  const kase = await physicianCaseInProgress(physician, testInfo, 'E2E-DELIVER');
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER);
  await addAnalysisByApi(manager, kase.studyId, 'TAVI anatomy');

  await openCaseDetail(manager, kase.caseId);
  await expect(manager.getByTestId('case-status')).toHaveText('In progress');
  // Reject stays offered until something is delivered; afterwards it says why not.
  await expect(manager.getByRole('button', { name: 'Reject case' })).not.toHaveAttribute('aria-disabled');
  await deliverThroughUi(manager, { analysisName: 'TAVI anatomy' });
  await expect(manager.getByTestId('case-status')).toHaveText('Completed');
  await expect(manager.getByRole('button', { name: 'Reject case' })).toHaveAttribute('aria-disabled', 'true');

  await expectCaseReady(physician, kase.caseId);
  // The physician takes no staff action.
  await expect(physician.getByRole('button', { name: 'Deliver' })).toHaveCount(0);
  await physician.getByRole('link', { name: 'Back to cases' }).click();
  await expect(physician).toHaveURL(/\/cases/);
});

test('a case manager rejects a case; the physician sees "Could not be processed" with the reason', async ({
  browser,
  baseURL,
}, testInfo) => {
  const physician = await signedInPage(browser, baseURL, PHYSICIAN);
  const kase = await physicianCaseInProgress(physician, testInfo, 'E2E-REJECT');
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER);

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
