import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/** Issue 22: the web app's refresh token travels only in an HttpOnly, Secure, SameSite=Strict cookie. */
describe('refresh cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const setCookie = (res: { headers: Record<string, unknown> }): string => {
    const header = res.headers['set-cookie'];
    return String(Array.isArray(header) ? header.join('\n') : (header ?? ''));
  };
  const cookieValue = (res: { headers: Record<string, unknown> }) => /cm_refresh=([^;]*)/.exec(setCookie(res))?.[1];
  const refreshByCookie = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/refreshtoken/',
      headers: { cookie: `other=1; cm_refresh=${token}`, ...headers },
      payload: {},
    });
  const signInRaw = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'physician@cardiomap.test', password: TEST_PASSWORD },
    });

  it('sets the refresh token at sign-in as an HttpOnly, Secure, SameSite=Strict cookie of the refresh path', async () => {
    const pair = await signIn(t, 'physician@cardiomap.test');
    expect(pair.refresh).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/refreshtoken/',
      payload: { refresh: pair.refresh },
    });
    expect(res.statusCode).toBe(200);
    const cookie = setCookie(res)
      .split('\n')
      .find((line) => line.startsWith('cm_refresh='));
    expect(cookieValue(res)).toBe(res.json().refresh);
    const attributes = (cookie ?? '').split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining([
        'httponly',
        'secure',
        'samesite=strict',
        'path=/api/refreshtoken/',
        `max-age=${7 * 86_400}`,
      ]),
    );
  });

  it('sign-in answers the cookie along with the body pair', async () => {
    const res = await signInRaw();
    if (res.statusCode !== 200) return expect.fail(`sign-in answered ${res.statusCode} ${res.body}`);
    expect(cookieValue(res)).toBe(res.json().refresh);
  });

  it('sets a script-readable flag beside the cookie that holds no token, and clears it with the cookie', async () => {
    // Issue 30: the page asks the refresh route only when this flag says a refresh cookie is there.
    const res = await signInRaw();
    const hint = setCookie(res)
      .split('\n')
      .find((line) => line.startsWith('cm_session='));
    expect(hint).toBe(`cm_session=1; Path=/; Max-Age=${7 * 86_400}; Secure; SameSite=Strict`);
    expect(hint).not.toContain(res.json().refresh);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: bearer(res.json().access),
      payload: {},
    });
    expect(setCookie(out)).toMatch(/^cm_session=; Path=\/; Max-Age=0; Secure; SameSite=Strict$/m);
  });

  it('rotates by the cookie alone; a reused cookie revokes the sign-in and is cleared', async () => {
    const pair = await signIn(t, 'physician@cardiomap.test');
    const first = await refreshByCookie(pair.refresh, { 'sec-fetch-site': 'same-origin' });
    expect(first.statusCode).toBe(200);
    const next = cookieValue(first);
    expect(next).toBe(first.json().refresh);
    expect(next).not.toBe(pair.refresh);
    expect((await getAs(t, first.json().access, '/api/userinfo/')).statusCode).toBe(200);

    const reuse = await refreshByCookie(pair.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(setCookie(reuse)).toMatch(/cm_refresh=;.*Max-Age=0/);
    expect((await refreshByCookie(next ?? '')).statusCode).toBe(401);
  });

  it('refuses a cookie refresh that the browser marks as cross-site, without rotating', async () => {
    const pair = await signIn(t, 'physician@cardiomap.test');
    for (const site of ['cross-site', 'same-site']) {
      const res = await refreshByCookie(pair.refresh, { 'sec-fetch-site': site, origin: 'https://evil.example' });
      expect(res.statusCode, site).toBe(403);
      expect(setCookie(res)).not.toContain('cm_refresh=');
    }
    // The token was not used up: the real tab still refreshes once.
    expect((await refreshByCookie(pair.refresh, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('answers 400 for a refresh without body token and without cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/refreshtoken/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().refresh).toEqual([expect.any(String)]);
  });

  it.each([
    ['logout/', '/api/logout/'],
    ['sign out everywhere', '/api/sessions/revoke-all/'],
  ])('%s clears the cookie and its refresh token stops working', async (_name, url) => {
    const pair = await signIn(t, 'physician@cardiomap.test');
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(pair.access), payload: {} });
    expect(res.statusCode).toBe(200);
    expect(setCookie(res)).toMatch(
      /cm_refresh=;.*Path=\/api\/refreshtoken\/; Max-Age=0; HttpOnly; Secure; SameSite=Strict/,
    );
    expect((await refreshByCookie(pair.refresh)).statusCode).toBe(401);
  });

  it('logout/refresh/ clears the cookie too', async () => {
    const pair = await signIn(t, 'physician@cardiomap.test');
    const res = await t.app.inject({ method: 'POST', url: '/api/logout/refresh/', payload: { refresh: pair.refresh } });
    expect(res.statusCode).toBe(200);
    expect(setCookie(res)).toMatch(/cm_refresh=;.*Max-Age=0/);
    expect((await refreshByCookie(pair.refresh)).statusCode).toBe(401);
  });
});
