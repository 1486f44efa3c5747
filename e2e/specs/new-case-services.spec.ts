import { signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { choose, inDays } from '../support/request-case.ts';

/**
 * Architecture.md §13: the new-case form orders a redo TAVI (or a legacy simulation) beside the
 * anatomy where the organisation's licence holds it for the device (HVC's demo licence does).
 */
test('a physician requests a TAVI case with a redo TAVI from the new-case form', async ({ page }) => {
  test.setTimeout(120_000);
  const patientId = `E2E-REDO-${Date.now()}`;
  await signIn(page, 'physician@cardiomap.test');
  await page.goto('/cases');
  await page.getByRole('button', { name: 'Request analysis' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request analysis' });
  await choose(page, 'Intervention', 'Transcatheter Aortic Valve Implantation (TAVI)');
  await choose(page, 'Device', 'SAPIEN 3 Ultra RESILIA', true);
  await expect(dialog.getByRole('radio', { name: 'Anatomical analysis and legacy simulation' })).toBeEnabled();
  await dialog.getByRole('radio', { name: 'Anatomical analysis and redo TAVI' }).check();
  await dialog.getByRole('textbox', { name: /^Patient identifier/ }).fill(patientId);
  await choose(page, 'Sex', 'F', true);
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('84');
  await dialog.locator('input#expected-delivery-date').fill(inDays(10));
  await dialog.getByRole('button', { name: 'Request analysis' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Analysis requested:' })).toBeVisible();

  // The new case's detail lists both orders, each for the one device.
  await expect(page).toHaveURL(/\/case-detail\//);
  const orders = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText('Anatomical analysis · SAPIEN 3 Ultra RESILIA');
  await expect(orders.nth(1)).toContainText('Redo TAVI · SAPIEN 3 Ultra RESILIA');
});
