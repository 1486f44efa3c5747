import type { APIRequestContext } from '@playwright/test';
import { ALLOWED_PARENT, FOREIGN_ORIGIN } from '../playwright.config.ts';
import { DEMO_PASSWORD, tokensInStorage } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A pair as the portal got it, by a request context of its own: the browser's cookie jar must not hold
 * its refresh cookie (page.request would put it there), or the framed app would restore that session by
 * the cookie on its own and the hand-off would not be what is tested.
 */
async function tokensFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return encodeURIComponent(JSON.stringify(await response.json()));
}

test('an allowed parent hands over a session to the framed app, which hides the menu links', async ({
  page,
  request,
  baseURL,
}) => {
  const tokens = await tokensFor(request, 'physician@cardiomap.test');
  const app = encodeURIComponent(`${baseURL}/login?redirect=%2Fterms`);
  await page.goto(`${ALLOWED_PARENT}/portal?app=${app}#${tokens}`);
  const frame = page.frameLocator('#app');
  await expect(frame.getByText('You have accepted these terms.')).toBeVisible();
  await frame.getByTestId('user-menu-button').click();
  await expect(frame.getByTestId('user-menu-name')).toHaveText('Dr. Philippa Heart');
  await expect(frame.locator('[data-testid^="user-menu-link-"]')).toHaveCount(0);
  await expect(frame.getByTestId('user-menu-logout')).toBeVisible();
  // Issue 22: the handed refresh token was exchanged for the HttpOnly cookie and the access token is kept
  // in memory only; no script can read either from storage.
  const handed = JSON.parse(decodeURIComponent(tokens)) as { access: string; refresh: string };
  const appFrame = page.frames().find((f) => f.url().startsWith(baseURL ?? '-'));
  const stored = await appFrame?.evaluate(() => [
    ...Object.entries(localStorage).flat(),
    ...Object.entries(sessionStorage).flat(),
    document.cookie,
  ]);
  expect(
    stored?.filter(
      (text) => text.includes(handed.refresh) || text.includes(handed.access) || /refresh|access|^eyJ/i.test(text),
    ),
  ).toEqual([]);
  // The hand-off reloaded the app in place, at the redirect target.
  expect(appFrame?.url()).toBe(`${baseURL}/terms`);
  const cookies = await page.context().cookies(`${baseURL}/api/refreshtoken/`);
  expect(cookies.find((c) => c.name === 'cm_refresh')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
});

test('a message from an origin that is not allowed is ignored', async ({ page, request, baseURL }) => {
  const tokens = await tokensFor(request, 'physician@cardiomap.test');
  const app = encodeURIComponent(`${baseURL}/login?redirect=%2Fterms`);
  const widget = encodeURIComponent(`${FOREIGN_ORIGIN}/widget`);
  // The allowed portal frames the app and, beside it, a frame from a foreign origin that posts tokens to it.
  await page.goto(`${ALLOWED_PARENT}/portal?app=${app}&widget=${widget}#${tokens}`);
  await expect(page.frameLocator('#app').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect
    .poll(() =>
      page
        .frames()
        .find((f) => f.url().startsWith(FOREIGN_ORIGIN))
        ?.title(),
    )
    .toBe('sent');
  await page.waitForTimeout(300);
  const appFrame = page.frames().find((f) => f.url().startsWith(baseURL ?? '-'));
  expect(appFrame?.url()).toBe(`${baseURL}/login?redirect=%2Fterms`);
  expect(appFrame ? await tokensInStorage(appFrame) : ['no app frame']).toEqual([]);
  await expect(page.frameLocator('#app').getByTestId('user-menu-button')).toHaveCount(0);
});
