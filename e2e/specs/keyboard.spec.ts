import type { Locator, Page } from '@playwright/test';
import { PHYSICIAN } from '../support/delivery.ts';
import { signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';

/**
 * Issue 30 "Accessibility": the request and the share dialogs completed with the keyboard alone (Tab,
 * Shift+Tab, Enter, Space, arrow keys, typing): no click from the moment the page is open.
 */

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through a page. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/** Opens a select with the keyboard, moves with the arrow keys to the option and takes it with Enter. */
async function chooseWithKeys(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name: option, exact: typeof option === 'string' });
  for (let i = 0; i < 60 && !(await isFocused(wanted)); i++) await page.keyboard.press('ArrowDown');
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
}

/** Types into the field that `target` names, reached by Tab. */
async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** A date in ten days as Chromium's en-US date input takes it from the keyboard: MMDDYYYY. */
function typedDateInDays(days: number): { typed: string; value: string } {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [y, m, d] = [String(date.getFullYear()), pad(date.getMonth() + 1), pad(date.getDate())];
  return { typed: `${m}${d}${y}`, value: `${y}-${m}-${d}` };
}

test('a physician requests a TAVI analysis with the keyboard only', async ({ page }) => {
  test.setTimeout(120_000);
  const patientId = `E2E-KEYS-${Date.now()}`;
  await signIn(page, PHYSICIAN);
  await page.goto('/cases');
  const open = page.getByRole('button', { name: 'Request analysis', exact: true });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request analysis' });
  await expect(dialog.getByRole('combobox', { name: 'Intervention', exact: true })).toBeVisible();

  const organisation = dialog.getByRole('combobox', { name: 'Organisation', exact: true });
  if (await organisation.isVisible()) await chooseWithKeys(page, organisation, 'Heart Valve Centre Rotterdam');
  await chooseWithKeys(
    page,
    dialog.getByRole('combobox', { name: 'Intervention', exact: true }),
    'Transcatheter Aortic Valve Implantation (TAVI)',
  );
  await chooseWithKeys(page, dialog.getByRole('combobox', { name: 'Device', exact: true }), 'SAPIEN 3');
  const anatomical = dialog.getByRole('radio', { name: 'Anatomical analysis only' });
  if (!(await anatomical.isChecked())) {
    await tabTo(page, dialog.getByRole('radio').first());
    await page.keyboard.press('Space');
    for (let i = 0; i < 3 && !(await anatomical.isChecked()); i++) await page.keyboard.press('ArrowRight');
  }
  await expect(anatomical).toBeChecked();
  await typeInto(page, dialog.getByRole('textbox', { name: /^Patient identifier/ }), patientId);
  await chooseWithKeys(page, dialog.getByRole('combobox', { name: 'Sex', exact: true }), 'F');
  await typeInto(page, dialog.getByRole('spinbutton', { name: /^Age/ }), '79');
  const delivery = typedDateInDays(10);
  await typeInto(page, dialog.locator('input#expected-delivery-date'), delivery.typed);
  await expect(dialog.locator('input#expected-delivery-date')).toHaveValue(delivery.value);

  // Back up once with Shift+Tab past the submit button, then forward to it: both directions work.
  const submit = dialog.getByRole('button', { name: 'Request analysis' });
  await tabTo(page, submit);
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');

  const toast = page.getByTestId('toast').filter({ hasText: 'Analysis requested:' });
  await expect(toast).toBeVisible();
  await expect(dialog).toBeHidden();
  // It happened: the server lists the new case under the typed patient identifier.
  const api = await ApiAs.of(page);
  const found = await api.get<{ results: { patientInformation: { identifier: string } | null }[] }>(
    `/api/cases/?search=${patientId}`,
  );
  expect(found.results.map((c) => c.patientInformation?.identifier)).toEqual([patientId]);
});

test('a physician shares a case by e-mail with the keyboard only', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, PHYSICIAN);
  const api = await ApiAs.of(page);
  const { id: caseId } = await createCaseByApi(api, `E2E-KEYS-SHARE-${Date.now()}`);
  const { caseIdentifier } = await api.get<{ caseIdentifier: string }>(`/api/cases/${caseId}/`);

  await page.goto(`/cases?view=table&search=${caseIdentifier}`);
  const actions = page.getByRole('button', { name: `Actions for ${caseIdentifier}` });
  await expect(actions).toBeVisible();
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  const share = page.getByRole('menuitem', { name: 'Share' });
  await expect(page.getByRole('menu')).toBeVisible();
  for (let i = 0; i < 10 && !(await isFocused(share)); i++) await page.keyboard.press('ArrowDown');
  await expect(share).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: `Share case ${caseIdentifier}` });
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByRole('textbox', { name: 'E-mail addresses' }), 'other-physician@cardiomap.test');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('other-physician@cardiomap.test')).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Share', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully shared case' })).toBeVisible();

  // It happened: the case now names the colleague among those it is shared with.
  const shared = await api.get<{ sharedWith: { email: string }[] }>(`/api/cases/${caseId}/`);
  expect(shared.sharedWith.map((s) => s.email)).toContain('other-physician@cardiomap.test');
});
