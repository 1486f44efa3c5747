import { E2E_DATA_DIR, E2E_HOOKS_TOKEN } from '../playwright.config.ts';
import { acceptCookies, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { approveRegistration, linkFromOutbox } from '../support/outbox.ts';

const PASSWORD = 'violet kettle harbour 42 drift';

test('an invited colleague registers, verifies, waits for approval, then sees the shared case', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `invitee-${Date.now()}@example.org`;

  // A demo physician shares a case with an address that has no account yet.
  await signIn(page, 'physician@cardiomap.test');
  await page.goto('/cases?view=table&search=DEMO-PAT-0001');
  const identifier =
    (
      await page.getByRole('table', { name: 'Cases' }).getByRole('row').nth(1).getByRole('link').first().textContent()
    )?.trim() ?? '';
  expect(identifier).toMatch(/^HVC-/);
  await page.getByRole('button', { name: `Actions for ${identifier}` }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: `Share case ${identifier}` });
  await share.getByRole('textbox', { name: 'E-mail addresses' }).fill(email);
  await share.getByRole('textbox', { name: 'E-mail addresses' }).press('Enter');
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully shared case' })).toBeVisible();

  // The invitee follows the link of the invitation e-mail: the form has the address already.
  const context = await browser.newContext();
  await acceptCookies(context, baseURL ?? '');
  const invitee = await context.newPage();
  const registerLink = await linkFromOutbox(E2E_DATA_DIR, email, /https?:\/\/\S+\/register\?email=[^\s"<]+/);
  await invitee.goto(registerLink);
  await expect(invitee.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await invitee.getByRole('textbox', { name: 'First name' }).fill('Ivy');
  await invitee.getByRole('textbox', { name: 'Last name' }).fill('Invitee');
  await invitee.getByRole('textbox', { name: 'Phone number' }).fill('+44 20 7946 0000');
  await invitee.getByLabel(/^Password/).fill(PASSWORD);
  await invitee.getByLabel(/^Repeat password/).fill(PASSWORD);
  await expect(invitee.getByTestId('password-strength')).toContainText(/Strong|Very strong/);
  await invitee.getByRole('radio', { name: 'My organisation is new to CardioMap' }).check();
  await invitee.getByRole('textbox', { name: 'Organisation name' }).fill('Invitee Heart Clinic');
  await invitee.getByRole('button', { name: 'Register' }).click();
  await expect(invitee.getByTestId('check-email')).toContainText(`We sent an e-mail to ${email}.`);
  await expect(invitee.getByTestId('verification-resend')).toBeDisabled();

  // The verification link from the outbox; a second opening says it was used.
  const verifyLink = await linkFromOutbox(E2E_DATA_DIR, email, /https?:\/\/\S+\/emailverification\/[\w-]+\.[\w-]+/);
  await invitee.goto(verifyLink);
  await expect(invitee.getByTestId('verification-result')).toHaveText(
    'Your e-mail address is verified. Sign in to continue.',
  );
  await invitee.reload();
  await expect(invitee.getByTestId('verification-result')).toContainText('This link has already been used');

  // Signed in, the account waits for an administrator.
  await signIn(invitee, email, PASSWORD);
  await expect(invitee).toHaveURL(/\/pendingregistration$/);
  await expect(invitee.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  await expect(invitee.getByTestId('organisation-request')).toHaveText('Organisation requested: Invitee Heart Clinic');
  await invitee.getByTestId('user-menu-button').click();
  await expect(invitee.getByTestId('user-menu-organisation')).toHaveText('Organisation pending');
  await invitee.keyboard.press('Escape');

  // Approved into another organisation than the case's: the case reaches them only through the share.
  await approveRegistration(request, E2E_HOOKS_TOKEN, { email, organisationCode: 'NCL', roles: ['Physician'] });
  await invitee.goto('/cases?view=table');
  await expect(invitee).toHaveURL(/\/terms/);
  await invitee.getByRole('checkbox', { name: 'I have read and accept the terms of use' }).check();
  await invitee.getByRole('button', { name: 'Accept' }).click();
  await expect(invitee).toHaveURL(/\/cases/);
  await invitee.goto(`/cases?view=table&search=${identifier}`);
  const shared = invitee.getByRole('table', { name: 'Cases' }).getByRole('row', { name: new RegExp(identifier) });
  await expect(shared).toBeVisible();
  await expect(shared).toContainText('Hidden');
  await context.close();
});
