import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';
import { fillSignIn, latestOtpCode } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { acceptTermsOnPage, expirePassword, freshMember } from '../support/fresh-user.ts';

// Each journey changes its user's password: each makes a user of its own (fresh-user.ts), so it runs
// again and beside a copy of itself. Melbourne Heart Alliance requires a sign-in code.
const MFA_ORGANISATION = 'MHA';

/** Undoes quoted-printable (soft line breaks, =XX), which nodemailer uses for long text lines. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The reset link of the newest outbox e-mail to `email` written after `notBefore`. */
async function latestResetLink(email: string, notBefore: number): Promise<string> {
  const outbox = join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const written = Date.parse(
        name.slice(0, 24).replace(/^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1T$2:$3:$4.$5Z'),
      );
      if (written < notBefore - 1000) continue;
      const text = decodeQuotedPrintable(await readFile(join(outbox, name), 'utf8'));
      const link = /https?:\/\/[^\s"<>]+\/passwordreset\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+/.exec(text);
      if (link && new RegExp(`^To: ${email}`, 'mi').test(text)) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No reset link for ${email} in ${outbox}`);
}

async function chooseNewPassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password').fill(password);
  await expect(page.getByTestId('password-strength')).toBeVisible();
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('password-reset-done')).toBeVisible();
  await page.getByTestId('password-reset-sign-in').click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs in from the sign-in page; a first sign-in (`firstTime`) accepts the terms of use on the way. */
async function signInWith(page: Page, email: string, password: string, { firstTime = false } = {}): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  if (firstTime) await acceptTermsOnPage(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
}

async function signInWithCode(page: Page, email: string, password: string, { firstTime = false } = {}) {
  const started = Date.now();
  await fillSignIn(page, email, password);
  await expect(page.getByTestId('otp-notice')).toBeVisible();
  await page.getByTestId('otp-input').fill(await latestOtpCode(E2E_DATA_DIR, email, started));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  if (firstTime) await acceptTermsOnPage(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
}

test('forgot password: the e-mailed link sets a new password, then sign-in works with it', async ({ page }) => {
  const newPassword = 'amber lantern orchard 73 sail';
  const { email: RESET_USER, password: oldPassword } = await freshMember(page.request, { organisationCode: 'HVC' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  const started = Date.now();
  await page.getByLabel('E-mail').fill(RESET_USER);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByTestId('password-reset-sent')).toHaveText(/If an account exists for this address/);

  const link = await latestResetLink(RESET_USER, started);
  await chooseNewPassword(page, link, newPassword);

  // The old password is gone; the link does not work twice.
  await page.getByLabel('E-mail').fill(RESET_USER);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('No active account found with the given credentials');
  await signInWith(page, RESET_USER, newPassword, { firstTime: true });

  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword} again`);
  await page.getByLabel('Repeat new password').fill(`${newPassword} again`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('password-reset-error')).toContainText('invalid or has already been used');
});

test('expired password: sign-in leads to a new password, then sign-in works', async ({ page }) => {
  const newPassword = 'copper meadow violin 58 tide';
  const { email: EXPIRED_USER, password } = await freshMember(page.request, { organisationCode: 'HVC' });
  await expirePassword(page.request, EXPIRED_USER);
  await fillSignIn(page, EXPIRED_USER, password);
  await expect(page.getByTestId('sign-in-error')).toContainText('Your password has expired.');
  await page.getByRole('link', { name: 'Choose a new password' }).click();
  await expect(page).toHaveURL(/\/passwordexpired\?email=/);
  await expect(page.getByRole('heading', { name: 'Your password has expired' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(EXPIRED_USER);
  const started = Date.now();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByTestId('password-reset-sent')).toBeVisible();

  await chooseNewPassword(page, await latestResetLink(EXPIRED_USER, started), newPassword);
  await signInWith(page, EXPIRED_USER, newPassword, { firstTime: true });
});

test('settings: profile, password change with the e-mailed code, display settings persist', async ({ page }) => {
  const newPassword = 'silver harbour compass 91 fern';
  const { email: MFA_USER, password } = await freshMember(page.request, { organisationCode: MFA_ORGANISATION });
  await signInWithCode(page, MFA_USER, password, { firstTime: true });
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-link-settings').click();
  await expect(page).toHaveURL(/\/settings$/);

  // User details.
  const details = page.getByRole('region', { name: 'User details' });
  await details.getByLabel('Last name').fill('Settings-Smith');
  await details.getByLabel('Phone number').fill('+31 10 123 4567');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  // Display settings.
  const display = page.getByRole('region', { name: 'Display settings' });
  const hide = display.getByLabel('Hide patient identifiers');
  const wasHidden = await hide.isChecked();
  await hide.click();
  await expect(page.getByText('Display settings saved')).toBeVisible();

  // Password change: the first submit mails a code, the second carries it.
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Old password').fill(password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat new password').fill(newPassword);
  const started = Date.now();
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByTestId('password-otp-notice')).toBeVisible();
  await form.getByLabel('Verification code').fill(await latestOtpCode(E2E_DATA_DIR, MFA_USER, started));
  await form.getByRole('button', { name: 'Confirm with code' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  // Everything persists across a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'User details' }).getByLabel('Last name')).toHaveValue(
    'Settings-Smith',
  );
  await expect(
    page.getByRole('region', { name: 'Display settings' }).getByLabel('Hide patient identifiers'),
  ).toBeChecked({
    checked: !wasHidden,
  });
  await expect(page.getByTestId('session-list')).toContainText('This browser');

  // Sign out, and the new password (with a code, as the organisation requires) signs in.
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithCode(page, MFA_USER, newPassword);
});
