import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { signedInPage } from './demo.ts';
import { ApiAs, createCaseByApi } from './imaging.ts';
import { apiOf, ingestZipByApi, markerPhantomZip } from './viewer.ts';

/**
 * Reusable steps of issue 17 §1 (staff act on a case, the clinician sees it), for this branch's spec
 * and for the integrator's full issue-17 journey (mesh upload, figure and e-mail come from other branches).
 */

/** Issue 17's specs use the wide 1440 px layout checked by ui-layout.spec. */
export const signedInWide = (browser: Browser, baseURL: string | undefined, email: string): Promise<Page> =>
  signedInPage(browser, baseURL, email, { viewport: { width: 1440, height: 1000 } });

export const PHYSICIAN = 'physician@cardiomap.test';
/** Delivers and rejects: the Case Manager role holds cases.add_delivery and cases.add_caserejection. */
export const CASE_MANAGER = 'case-manager@cardiomap.test';
const ANATOMICAL = 1;

export interface CaseInProgress {
  caseId: string;
  studyId: string;
  caseIdentifier: string;
}

/**
 * Setup, not under test: the physician's new TAVI case with the marker phantom ingested (In progress),
 * through the API as the browser would do it.
 */
export async function physicianCaseInProgress(
  physician: Page,
  testInfo: TestInfo,
  label: string,
): Promise<CaseInProgress> {
  const api = await ApiAs.of(physician);
  const { id: caseId } = await createCaseByApi(api, `${label}-${Date.now()}`);
  const studyId = await ingestZipByApi(physician, caseId, await markerPhantomZip(testInfo.outputPath()));
  const { caseIdentifier } = await api.get<{ caseIdentifier: string }>(`/api/cases/${caseId}/`);
  return { caseId, studyId, caseIdentifier };
}

/** Setup: an analyst's analysis of the study (what the analyst's landmarks and results hang on). */
export async function addAnalysisByApi(staff: Page, studyId: string, name: string): Promise<string> {
  const { call } = await apiOf(staff);
  const { id } = await call<{ id: string }>('POST', '/api/analyses/', { studyId, type: ANATOMICAL, name });
  return id;
}

export async function openCaseDetail(page: Page, caseId: string): Promise<void> {
  await page.goto(`/case-detail/${caseId}/details`);
  await expect(page.getByTestId('case-status')).toBeVisible();
}

/** The actions of the case's first order whose label starts with `orderLabel` (e.g. 'Anatomical analysis'). */
const orderActions = (page: Page, orderLabel: string) =>
  page.getByRole('group', { name: new RegExp(`^Actions for ${orderLabel}`) }).first();

/** Deliver through the case detail: Deliver on the order, choose the analysis by name, confirm. */
export async function deliverThroughUi(
  page: Page,
  { analysisName, orderLabel = 'Anatomical analysis' }: { analysisName: string; orderLabel?: string },
): Promise<void> {
  await orderActions(page, orderLabel).getByRole('button', { name: 'Deliver' }).click();
  const dialog = page.getByRole('dialog', { name: /^Deliver/ });
  await dialog.getByRole('radio', { name: new RegExp(analysisName) }).check();
  await dialog.getByRole('button', { name: 'Deliver' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Analysis delivered' })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Reject through the case detail: reason from rejection-reasons/, the comment, confirm. */
export async function rejectThroughUi(page: Page, { reason, comment }: { reason: string; comment: string }) {
  await page.getByRole('group', { name: 'Case actions' }).getByRole('button', { name: 'Reject case' }).click();
  const dialog = page.getByRole('dialog', { name: /^Reject case/ });
  await dialog.getByRole('combobox', { name: /Reason/ }).click();
  await page.getByRole('option', { name: reason }).click();
  await dialog.getByRole('textbox', { name: 'Comment for the physician' }).fill(comment);
  await dialog.getByRole('button', { name: 'Reject case' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Case rejected' })).toBeVisible();
}

/** Mark an order non-clinical through the case detail, with the remark the physician reads. */
export async function degradeThroughUi(
  page: Page,
  { remark, orderLabel = 'Anatomical analysis' }: { remark: string; orderLabel?: string },
): Promise<void> {
  await orderActions(page, orderLabel).getByRole('button', { name: 'Mark non-clinical' }).click();
  const dialog = page.getByRole('dialog', { name: /^Mark non-clinical/ });
  await dialog.getByRole('textbox', { name: /Remark for the physician/ }).fill(remark);
  await dialog.getByRole('button', { name: 'Mark non-clinical' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Analysis marked non-clinical' })).toBeVisible();
}

/** The physician's view of a delivered case: Completed, the service ready. */
export async function expectCaseReady(page: Page, caseId: string): Promise<void> {
  await openCaseDetail(page, caseId);
  await expect(page.getByTestId('case-status')).toHaveText('Completed');
  await expect(page.getByText('Anatomical analysis: ready')).toBeVisible();
}

/** The physician's view of a rejected case: 'Could not be processed' with the reason and comment. */
export async function expectCouldNotBeProcessed(
  page: Page,
  caseId: string,
  { reason, comment }: { reason: string; comment: string },
): Promise<void> {
  await openCaseDetail(page, caseId);
  const notice = page.getByTestId('case-state');
  await expect(notice).toContainText('Could not be processed');
  await expect(notice).toContainText(reason);
  await expect(notice).toContainText(comment);
}

/** Choose a zip in the case's upload box and send it, whatever the box warns of (small test files). */
export async function uploadThroughUi(page: Page, zipPath: string): Promise<void> {
  await page.getByLabel('Zip file of the CT images').setInputFiles(zipPath);
  await page.getByRole('group', { name: 'Chosen file' }).getByRole('button', { name: 'Upload' }).click();
}
