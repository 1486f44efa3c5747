import type { Locator, Page } from '@playwright/test';
import { signedInPage, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { choose, inDays } from '../support/request-case.ts';

const LICENCE_REQUIRED = 'A license is required to request an analysis. To acquire a license, please contact us.';

async function openNewAnalysis(page: Page): Promise<Locator> {
  await page.goto('/cases');
  await page.getByRole('button', { name: 'Request analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request analysis' });
  await expect(dialog.getByRole('combobox', { name: 'Intervention', exact: true })).toBeVisible();
  return dialog;
}

/** Spec §5: a TAVI anatomical analysis comparing two valves; answers the new case's identifier. */
async function requestTaviAnalysis(page: Page, patientId: string): Promise<string> {
  const dialog = await openNewAnalysis(page);
  await choose(page, 'Intervention', 'Transcatheter Aortic Valve Implantation (TAVI)');
  await choose(page, 'Device', 'SAPIEN 3', true);
  await dialog.getByRole('radio', { name: 'Anatomical analysis only' }).check();
  await choose(page, 'Extra devices', 'Evolut FX+');
  await page.keyboard.press('Escape');
  await dialog.getByRole('textbox', { name: /^Patient identifier/ }).fill(patientId);
  await choose(page, 'Sex', 'F', true);
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('79');
  await dialog.locator('input#expected-delivery-date').fill(inDays(10));
  await dialog.getByRole('button', { name: 'Request analysis' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Analysis requested:' });
  await expect(toast).toBeVisible();
  const identifier = /Analysis requested: (\S+)/.exec((await toast.textContent()) ?? '')?.[1];
  expect(identifier).toMatch(/^HVC-TAVI-/);
  return identifier!;
}

async function caseRowActions(page: Page, identifier: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${identifier}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a physician requests, finds, edits, shares and cancels a TAVI analysis', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const patientId = `E2E-${Date.now()}`;
  await signIn(page, 'physician@cardiomap.test');
  const identifier = await requestTaviAnalysis(page, patientId);

  // Found by search, in the table and in the cards; the search lives in the URL.
  await page.goto('/cases?view=table');
  await page.getByRole('textbox', { name: 'Search' }).fill(patientId);
  await expect(page).toHaveURL(new RegExp(`search=${patientId}`));
  const table = page.getByRole('table', { name: 'Cases' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(identifier) });
  await expect(row).toContainText(patientId);
  await expect(row).toContainText('SAPIEN 3, Evolut FX+');
  await page.getByRole('button', { name: 'Card view' }).click();
  await expect(page.getByText('Showing 1 out of 1 cases')).toBeVisible();
  await expect(page.getByRole('article', { name: identifier })).toContainText(patientId);

  // Edited from its detail page.
  await page.getByRole('link', { name: identifier }).click();
  await expect(page).toHaveURL(/\/case-detail\/[0-9a-f-]{36}/);
  await page.getByRole('button', { name: 'Edit case' }).click();
  const edit = page.getByRole('dialog', { name: /Edit case/ });
  await edit.getByRole('spinbutton', { name: /^Age/ }).fill('80');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Case edited successfully' })).toBeVisible();

  // Shared with a colleague of another organisation by e-mail.
  await page.goto(`/cases?view=table&search=${patientId}`);
  await caseRowActions(page, identifier, 'Share');
  const share = page.getByRole('dialog', { name: `Share case ${identifier}` });
  await share.getByRole('textbox', { name: 'E-mail addresses' }).fill('other-physician@cardiomap.test');
  await share.getByRole('textbox', { name: 'E-mail addresses' }).press('Enter');
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully shared case' })).toBeVisible();

  // The colleague sees it, without its patient identifiers, and may not share it on.
  const colleague = await signedInPage(browser, baseURL ?? '', 'other-physician@cardiomap.test');
  await colleague.goto(`/cases?view=table&search=${identifier}`);
  const shared = colleague.getByRole('table', { name: 'Cases' }).getByRole('row', { name: new RegExp(identifier) });
  await expect(shared).toContainText('Hidden');
  await expect(shared).not.toContainText(patientId);
  await expect(colleague.getByText(patientId)).toHaveCount(0);
  await colleague.getByRole('button', { name: `Actions for ${identifier}` }).click();
  await expect(colleague.getByRole('menuitem', { name: 'Order simulation' })).toBeVisible();
  await expect(colleague.getByRole('menuitem', { name: 'Share' })).toHaveCount(0);
  await colleague.context().close();

  // Canceled by the physician: irreversible, the list shows it at once.
  await caseRowActions(page, identifier, 'Cancel case');
  const cancel = page.getByRole('dialog', { name: `Cancel case ${identifier}?` });
  await cancel.getByRole('button', { name: 'Cancel case' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Case canceled' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Cases' }).getByRole('row', { name: new RegExp(identifier) }),
  ).toContainText('Canceled');
});

test('a physician of an organisation without licence sees the licence message and cannot submit', async ({ page }) => {
  await signIn(page, 'other-physician@cardiomap.test');
  const dialog = await openNewAnalysis(page);
  await expect(dialog.getByText(LICENCE_REQUIRED)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request analysis' })).toBeDisabled();
});

test('a trainee sees the training banner and cannot request an analysis for it', async ({ page }) => {
  await signIn(page, 'trainee-physician@cardiomap.test');
  await page.goto('/cases');
  // LAAO: the training spec may complete the trainee's TAVI training meanwhile, never the LAAO one.
  const banner = page.getByRole('alert').filter({ hasText: 'Left Atrial Appendage Occlusion (LAAO) training' });
  await expect(banner.getByRole('link', { name: 'Start training' })).toHaveAttribute('href', '/training/LAAO');
  const dialog = await openNewAnalysis(page);
  await choose(page, 'Intervention', 'Left Atrial Appendage Occlusion (LAAO)');
  await expect(dialog.getByText('Complete the Left Atrial Appendage Occlusion training')).toBeVisible();
  await choose(page, 'Device', 'WATCHMAN FLX Pro');
  await dialog.getByRole('textbox', { name: /^Patient identifier/ }).fill('E2E-TRAINEE');
  await choose(page, 'Sex', 'M', true);
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('70');
  await dialog.locator('input#expected-delivery-date').fill(inDays(10));
  await expect(dialog.getByRole('button', { name: 'Request analysis' })).toBeDisabled();
});
