import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_HOOKS_TOKEN } from '../playwright.config.ts';
import { approveRegistration, verifiedPendingRegistration } from './outbox.ts';

export interface FreshUser {
  email: string;
  password: string;
}

/**
 * Setup, not under test: a user of its own, registered, verified and approved into an existing
 * organisation with the given roles (through the server's test hook). A spec that changes its user
 * (a password, an MFA attempt, an expiry) runs on one of these, so it runs again, in any order, and
 * beside a copy of itself (issue 30: `--repeat-each 2 --fully-parallel`).
 */
export async function freshMember(
  request: APIRequestContext,
  { organisationCode, roles = ['Physician'] }: { organisationCode: string; roles?: string[] },
): Promise<FreshUser> {
  const user = await verifiedPendingRegistration(request, E2E_DATA_DIR, `E2E member of ${organisationCode}`);
  await approveRegistration(request, E2E_HOOKS_TOKEN, { email: user.email, organisationCode, roles });
  return user;
}

/** A new user's first stop after signing in: the terms of use, accepted through the page. */
export async function acceptTermsOnPage(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I have read and accept the terms of use' }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeHidden();
}

/** The user must choose a new password at the next sign-in, as the expiry policy would have it. */
export async function expirePassword(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/test-hooks/expire-password/', {
    headers: { 'x-test-hooks-token': E2E_HOOKS_TOKEN },
    data: { email },
  });
  expect(res.status(), await res.text()).toBe(204);
}
