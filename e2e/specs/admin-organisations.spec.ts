import { E2E_DATA_DIR } from '../playwright.config.ts';
import { acceptCookies, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { verifiedPendingRegistration } from '../support/outbox.ts';

test('the superuser approves a pending registration as Physician of HVC; the user then sees its cases', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  // A registration of its own, asking for the organisation by its exact name.
  const { email: PENDING, password } = await verifiedPendingRegistration(
    request,
    E2E_DATA_DIR,
    'Heart Valve Centre Rotterdam',
  );
  await signIn(page, 'superuser@cardiomap.test');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-link-users').click();
  await expect(page).toHaveURL(/\/users-and-organisations/);
  await page.getByRole('tab', { name: /Incoming requests/ }).click();

  const requests = page.getByRole('table', { name: 'Incoming requests' });
  await requests.getByRole('row', { name: new RegExp(PENDING) }).click();
  const panel = page.getByRole('region', { name: 'Registration decision' });
  // The organisation asked for by its exact name is suggested (issue 30 item 10).
  await expect(panel.getByRole('combobox', { name: 'Organisation' })).toHaveValue(/Heart Valve Centre Rotterdam/);
  await panel.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'Physician' }).click();
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Registration approved' })).toBeVisible();
  await expect(requests.getByRole('row', { name: new RegExp(PENDING) })).toHaveCount(0);

  // The approved user signs in and sees the organisation's cases.
  const context = await browser.newContext();
  await acceptCookies(context, baseURL ?? '');
  const approved = await context.newPage();
  await signIn(approved, PENDING, password);
  // A new user accepts the terms of use before anything else.
  await approved.getByRole('checkbox', { name: 'I have read and accept the terms of use' }).check();
  await approved.getByRole('button', { name: 'Accept' }).click();
  await expect(approved.getByRole('heading', { name: 'Terms of use' })).toBeHidden();
  await approved.goto('/cases?view=table');
  await expect(approved).toHaveURL(/\/cases/);
  const firstCase = approved.getByRole('table', { name: 'Cases' }).getByRole('row').nth(1);
  await expect(firstCase).toContainText(/HVC-/);
  await approved.getByTestId('user-menu-button').click();
  await expect(approved.getByTestId('user-menu-organisation')).toHaveText('@ Heart Valve Centre Rotterdam');
  await expect(approved.getByTestId('user-menu-role')).toHaveText('Physician');
  await context.close();

  // The decision is in the audit trail.
  await page.goto('/audit');
  await page.getByLabel('Action').fill('registration.approve');
  await expect(page.getByRole('table', { name: 'Audit events' })).toContainText('registration.approve');
});

test('the superuser creates an organisation and finds it by code', async ({ page }) => {
  // A name of its own and a code the server generates: the spec runs again on the same data (retries,
  // --repeat-each) without meeting its earlier organisation.
  const name = `E2E Heart Clinic ${Date.now().toString(36)}`;
  await signIn(page, 'superuser@cardiomap.test');
  await page.goto('/users-and-organisations?tab=organisations');
  await page.getByRole('button', { name: 'Add Organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Organisation' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByRole('combobox', { name: 'Country' }).fill('Germany');
  await page.getByRole('option', { name: 'Germany' }).click();
  await dialog.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Europe' }).click();
  await dialog.getByLabel('MFA required').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Organisation successfully created' })).toBeVisible();

  // The searches wait 500 ms after the last key: wait for the filtered table itself (header and one row),
  // not for a row the unfiltered page may already show.
  const table = page.getByRole('table', { name: 'Organisations' });
  await page.getByLabel('Search by name').fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  const code = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
  expect(code).toMatch(/^[A-Z]{3}$/);

  await page.getByLabel('Search by name').fill('');
  await page.getByLabel('Search by code').fill(code);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Germany');
  await expect(row).toContainText('Europe');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('dialog', { name: `Edit ${name}` }).getByLabel('MFA required')).toBeChecked();
});
