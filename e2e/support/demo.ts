import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Frame,
  type Page,
} from '@playwright/test';

/** The server's documented default (README); the e2e server runs without DEMO_PASSWORD set. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'cardiomap-demo-2026';

/** Skips the cookie dialog for specs that are not about it, as a returning user would. */
export async function acceptCookies(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'cm_consent', value: 'functional', url: baseURL }]);
}

export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login form and waits until the app has left the login page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await fillSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
}

/** A viewport wide enough for the viewer's three panes and its sidebar. */
export const VIEWER_CONTEXT = { viewport: { width: 1600, height: 1000 } };

/**
 * A second user in a browser context of their own (cookies chosen), signed in through the form. The
 * viewer specs pass a viewport wide enough for three panes and the sidebar.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  await acceptCookies(context, baseURL ?? '');
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The refresh token lives only in the server's HttpOnly cookie (issue 22); the page keeps the access token in memory. */
export async function refreshCookie(page: Page) {
  const cookies = await page.context().cookies(new URL('/api/refreshtoken/', page.url()).href);
  return cookies.find((c) => c.name === 'cm_refresh' && c.value !== '') ?? null;
}

/**
 * Every localStorage or sessionStorage entry a script on the page can read that holds or names a token
 * (a JWT, or a key like cm_access / cm_refresh). Issue 22: after a sign-in there must be none.
 */
export const tokensInStorage = (page: Page | Frame): Promise<string[]> =>
  page.evaluate(() =>
    [...Object.entries(localStorage), ...Object.entries(sessionStorage)]
      .filter(([key, value]) => /access|refresh|token/i.test(key) || /^eyJ|\.eyJ/.test(value))
      .map(([key, value]) => `${key}=${value}`),
  );

/**
 * What a script could find of the session: an access token left in storage (none since issue 22: it is
 * in the app's memory) and the refresh token from the cookie jar (null when absent).
 */
export async function storedTokens(page: Page): Promise<{ access: string | null; refresh: string | null }> {
  const [found] = await tokensInStorage(page);
  return { access: found ?? null, refresh: (await refreshCookie(page))?.value ?? null };
}

/**
 * An access token of the page's sign-in, for the API calls a test sets up by. The page keeps its token
 * in memory only, so this takes a new one by the context's refresh cookie (the rotated cookie lands in
 * the same jar, where the page's next refresh finds it), as a new tab of the user would.
 */
export async function accessTokenOf(page: Page): Promise<string> {
  const response = await page.request.post(new URL('/api/refreshtoken/', page.url()).href, { data: {} });
  expect(response.status(), 'the page is signed in: its refresh cookie gives an access token').toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** Every storage entry a script on the page can read that holds or names a refresh token. */
export const refreshVisibleToScript = (page: Page, refresh: string) =>
  page.evaluate((token) => {
    const entries = [...Object.entries(localStorage), ...Object.entries(sessionStorage), [document.cookie, '']];
    return entries.flat().filter((text) => text.includes(token) || /refresh/i.test(text));
  }, refresh);

/** The sign-in code from the newest outbox e-mail to `email` (the server's default mail transport). */
export async function latestOtpCode(dataDir: string, email: string, notBefore: number): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const text = await readFile(join(outbox, name), 'utf8');
      const match = /sign-in code is (\d{6})/.exec(text);
      const written = Date.parse(
        name.slice(0, 24).replace(/^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1T$2:$3:$4.$5Z'),
      );
      if (match?.[1] && new RegExp(`^To: ${email}`, 'mi').test(text) && written >= notBefore - 1000) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-in code for ${email} in ${outbox}`);
}
