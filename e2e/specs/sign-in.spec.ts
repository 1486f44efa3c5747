import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';
import { fillSignIn, latestOtpCode, storedTokens } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { acceptTermsOnPage, freshMember } from '../support/fresh-user.ts';

test('a wrong password is refused and stores nothing', async ({ page }) => {
  await fillSignIn(page, 'case-manager@cardiomap.test', 'not-the-password-at-all');
  await expect(page.getByTestId('sign-in-error')).toHaveText('No active account found with the given credentials');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('an inactive user cannot sign in, and is told why only after the right password', async ({ page }) => {
  await fillSignIn(page, 'inactive@cardiomap.test', 'not-the-password-at-all');
  await expect(page.getByTestId('sign-in-error')).toHaveText('No active account found with the given credentials');
  await fillSignIn(page, 'inactive@cardiomap.test');
  await expect(page.getByTestId('sign-in-error')).toHaveText(
    "This account has been deactivated. Ask your organisation's administrator to reactivate it.",
  );
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('a user whose password expired is told so', async ({ page }) => {
  await fillSignIn(page, 'expired-password@cardiomap.test');
  await expect(page.getByTestId('sign-in-error')).toHaveText(
    'Your password has expired. Choose a new password to sign in.',
  );
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('the form checks its fields before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('This field may not be blank.')).toBeVisible();
});

// Each MFA test signs in a member of its own (fresh-user.ts): a resend countdown or a locked attempt of
// one run must not meet another run's.
test.describe('MFA sign-in', () => {
  const mfaMember = (page: Page) => freshMember(page.request, { organisationCode: 'MHA' });

  test('signs in with the code from the outbox, after the resend countdown', async ({ page }) => {
    const { email, password } = await mfaMember(page);
    const started = Date.now();
    await fillSignIn(page, email, password);
    await expect(page.getByTestId('otp-notice')).toHaveText(/6-digit sign-in code/);
    await expect(page.getByTestId('otp-resend')).toBeDisabled();
    await expect(page.getByTestId('otp-resend')).toHaveText(/^Resend code in (59|60) s$/);
    const code = await latestOtpCode(E2E_DATA_DIR, email, started);
    await page.getByTestId('otp-input').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await acceptTermsOnPage(page);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-organisation')).toHaveText('@ Melbourne Heart Alliance');
  });

  test('five wrong codes lock the attempt, and then even the right code is refused', async ({ page }) => {
    const { email, password } = await mfaMember(page);
    const started = Date.now();
    await fillSignIn(page, email, password);
    await expect(page.getByTestId('otp-input')).toBeVisible();
    const code = await latestOtpCode(E2E_DATA_DIR, email, started);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByTestId('otp-input').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
    }
    await page.getByTestId('otp-input').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Too many wrong codes. Please sign in again to get a new code.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  });
});
