import { expect, type Page } from '@playwright/test';

/** A date input value N days from today (local), as the form's date fields take it. */
export const inDays = (days: number): string => {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** Picks an option of a labelled select (MUI combobox). */
export async function choose(page: Page, label: string, option: string | RegExp, exact = false) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact }).click();
}

/**
 * The physician requests a TAVI anatomical analysis through the Request analysis dialog (the steps of
 * cases.spec.ts) and gets the new case's identifier from the toast.
 */
export async function requestTaviCaseThroughUi(page: Page, patientId: string): Promise<string> {
  await page.goto('/cases');
  await page.getByRole('button', { name: 'Request analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request analysis' });
  await expect(dialog.getByRole('combobox', { name: 'Intervention', exact: true })).toBeVisible();
  await choose(page, 'Intervention', 'Transcatheter Aortic Valve Implantation (TAVI)');
  await choose(page, 'Device', 'SAPIEN 3', true);
  await dialog.getByRole('radio', { name: 'Anatomical analysis only' }).check();
  await dialog.getByRole('textbox', { name: /^Patient identifier/ }).fill(patientId);
  await choose(page, 'Sex', 'F', true);
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('79');
  await dialog.locator('input#expected-delivery-date').fill(inDays(10));
  await dialog.getByRole('button', { name: 'Request analysis' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Analysis requested:' });
  await expect(toast).toBeVisible();
  const identifier = /Analysis requested: (\S+)/.exec((await toast.textContent()) ?? '')?.[1];
  expect(identifier).toMatch(/^HVC-TAVI-/);
  return identifier ?? '';
}
