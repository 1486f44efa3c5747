import { type DetailError, routes, type TokenPair } from '@cardiomap/contract';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../testing/api-handler.ts';
import { server, setUpMockApi } from '../testing/server.ts';
import { userInfo } from '../testing/user-info.ts';
import { ApiError } from './api-error.ts';
import { buildUrl, call, setSessionExpiredHandler } from './http.ts';
import { tokenStore } from './token-store.ts';

setUpMockApi();

/** Storage entries that hold or are named like a refresh token (the server's answers carry 'r2'). */
const refreshLikeStorage = () =>
  Object.keys(localStorage).filter(
    (key) => /refresh/i.test(key) || /^r\d$|refresh/.test(localStorage.getItem(key) ?? ''),
  );

const expired = () =>
  HttpResponse.json<DetailError>({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 });

/** userinfo answers only the given access token, like the server. */
const userInfoFor = (validAccess: string) =>
  apiHandler(routes.userInfo, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${validAccess}` ? HttpResponse.json(userInfo()) : expired(),
  );

describe('call', () => {
  it('sends the bearer token and returns the body', async () => {
    tokenStore.save({ access: 'a1' });
    server.use(userInfoFor('a1'));
    expect((await call(routes.userInfo)).email).toBe('physician@cardiomap.test');
  });

  it('sends a FormData body as a multipart form, not as JSON (a route that consumes form data)', async () => {
    tokenStore.save({ access: 'a1' });
    let seen: { type: string | null; caseIdentifier: FormDataEntryValue | null } | null = null;
    server.use(
      apiHandler(routes.uploadLegacyConfig, async ({ request }) => {
        seen = {
          type: request.headers.get('content-type'),
          caseIdentifier: (await request.formData()).get('caseIdentifier'),
        };
        return HttpResponse.json({ ok: true } as never);
      }),
    );
    const form = new FormData();
    form.append('caseIdentifier', 'HVC-TAVI-00042');
    await call(routes.uploadLegacyConfig, { params: { id: 'b0000000-0000-4000-8000-000000000001' }, body: form });
    expect(seen).toEqual({
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      caseIdentifier: 'HVC-TAVI-00042',
    });
  });

  it('refreshes an expired access token and retries the request once', async () => {
    tokenStore.save({ access: 'old' });
    const refreshBodies: unknown[] = [];
    server.use(
      userInfoFor('new'),
      apiHandler(routes.refresh, async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json({ access: 'new', refresh: 'r2' });
      }),
    );
    expect((await call(routes.userInfo)).email).toBe('physician@cardiomap.test');
    // The refresh token is the server's HttpOnly cookie: the page sends none and keeps none.
    expect(refreshBodies).toEqual([{}]);
    expect(tokenStore.access()).toBe('new');
    expect(refreshLikeStorage()).toEqual([]);
  });

  it('moves a refresh token an older release left in localStorage into the cookie, once', async () => {
    tokenStore.save({ access: 'old' });
    localStorage.setItem('cm_refresh', 'legacy-r');
    const refreshBodies: unknown[] = [];
    server.use(
      userInfoFor('new'),
      apiHandler(routes.refresh, async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json({ access: 'new', refresh: 'r2' });
      }),
    );
    await call(routes.userInfo);
    expect(refreshBodies).toEqual([{ refresh: 'legacy-r' }]);
    expect(refreshLikeStorage()).toEqual([]);
  });

  it('shares one refresh between requests that fail at the same time', async () => {
    tokenStore.save({ access: 'old' });
    let refreshes = 0;
    server.use(
      userInfoFor('new'),
      apiHandler(routes.refresh, () => {
        refreshes++;
        return HttpResponse.json({ access: 'new', refresh: 'r2' });
      }),
    );
    await Promise.all([call(routes.userInfo), call(routes.userInfo), call(routes.userInfo)]);
    expect(refreshes).toBe(1);
  });

  it('clears both tokens and reports the lost session when refreshing fails', async () => {
    tokenStore.save({ access: 'old' });
    const expiredSession = vi.fn();
    setSessionExpiredHandler(expiredSession);
    server.use(
      userInfoFor('never'),
      apiHandler(routes.refresh, () => HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 })),
    );
    const error = await call(routes.userInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Session expired, please log in again.');
    expect(tokenStore.access()).toBeNull();
    expect(expiredSession).toHaveBeenCalledOnce();
  });

  it('retries only once: a second 401 is thrown, not refreshed again', async () => {
    tokenStore.save({ access: 'old' });
    let refreshes = 0;
    server.use(
      userInfoFor('never'),
      apiHandler(routes.refresh, () => {
        refreshes++;
        return HttpResponse.json({ access: 'new', refresh: 'r2' });
      }),
    );
    await expect(call(routes.userInfo)).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
  });

  it('does not refresh on a 401 with another code, nor on public routes', async () => {
    tokenStore.save({ access: 'a' });
    const refresh = vi.fn(() => HttpResponse.json<TokenPair>({ access: 'x', refresh: 'y' }));
    server.use(
      apiHandler(routes.userInfo, () =>
        HttpResponse.json(
          { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
          { status: 401 },
        ),
      ),
      apiHandler(routes.signIn, () =>
        HttpResponse.json(
          { detail: 'No active account found with the given credentials', code: 'no_active_account' },
          { status: 401 },
        ),
      ),
      apiHandler(routes.refresh, refresh),
    );
    await expect(call(routes.userInfo)).rejects.toMatchObject({ status: 401, code: 'not_authenticated' });
    await expect(call(routes.signIn, { body: { email: 'a@b.test', password: 'x' } })).rejects.toMatchObject({
      status: 401,
      message: 'No active account found with the given credentials',
    });
    expect(refresh).not.toHaveBeenCalled();
    expect(tokenStore.access()).toBe('a');
  });

  it('rethrows other errors with their status, code and field messages', async () => {
    server.use(
      apiHandler(routes.verifyOtp, () => HttpResponse.json({ otp: ['This code is not valid.'] }, { status: 400 })),
    );
    const error = (await call(routes.verifyOtp, { body: { email: 'a@b.test', otp: '123456', otpToken: 't' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.status).toBe(400);
    expect(error.messagesFor('otp')).toEqual(['This code is not valid.']);
  });

  it('turns a request without a response into status 0', async () => {
    server.use(apiHandler(routes.health, () => HttpResponse.error()));
    await expect(call(routes.health)).rejects.toMatchObject({ status: 0, noResponse: true });
  });
});

describe('buildUrl', () => {
  it('fills path parameters and drops empty query values', () => {
    expect(
      buildUrl(
        { path: '/api/cases/:id/cancel/' },
        { params: { id: 'a b' }, query: { page: 2, name: '', x: undefined } },
      ),
    ).toBe('/api/cases/a%20b/cancel/?page=2');
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildUrl({ path: '/api/cases/:id/' }, {})).toThrow('Missing path parameter id');
  });
});
