import { routes } from '@cardiomap/contract';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../testing/api-handler.ts';
import { server, setUpMockApi } from '../testing/server.ts';
import { userInfo } from '../testing/user-info.ts';
import { call } from './http.ts';
import { forgetFramedRefresh, keepHandedSession, requestNewPair, restoreSession } from './refresh-request.ts';
import { tokenStore } from './token-store.ts';

setUpMockApi();

const storageText = () => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]);

/** Counts refreshes and answers each with a numbered pair, or 401 when `fail`. */
function refreshRoute(options: { fail?: boolean; delay?: Promise<void> } = {}) {
  const bodies: unknown[] = [];
  server.use(
    apiHandler(routes.refresh, async ({ request }) => {
      bodies.push(await request.json());
      await options.delay;
      if (options.fail) return HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 });
      return HttpResponse.json({ access: `access-${bodies.length}`, refresh: `refresh-${bodies.length}` });
    }),
  );
  return bodies;
}

describe('the access token in memory (issue 22)', () => {
  it('never writes a token to localStorage or sessionStorage', async () => {
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    refreshRoute();
    tokenStore.save({ access: 'signed-in-access', refresh: 'signed-in-refresh' });
    tokenStore.clear();
    await restoreSession();
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    expect(tokenStore.access()).toBe('access-2');
    expect(writes).not.toHaveBeenCalled();
    expect(storageText()).not.toMatch(/access|refresh/);
  });

  it('restores the session after a page load by one refresh with the cookie, restoring until it answers', async () => {
    let answer: () => void = () => {};
    const bodies = refreshRoute({ delay: new Promise((resolve) => (answer = resolve)) });
    expect(tokenStore.status()).toBe('signed-out');
    const restored = restoreSession();
    expect(tokenStore.status()).toBe('restoring');
    // Everything that asks meanwhile shares the one refresh.
    const again = restoreSession();
    answer();
    expect(await Promise.all([restored, again])).toEqual([true, true]);
    expect(bodies).toEqual([{}]);
    expect(tokenStore.status()).toBe('signed-in');
    expect(tokenStore.access()).toBe('access-1');
    // Restored once: a later call does not refresh again.
    expect(await restoreSession()).toBe(true);
    expect(bodies).toHaveLength(1);
  });

  it('does not ask the server at all in a browser without a refresh cookie (no console error when signed out)', async () => {
    // Issue 30: the HttpOnly cookie is invisible to the page; the server's cm_session flag tells it is there.
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
    document.cookie = 'cm_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const bodies = refreshRoute();
    expect(await restoreSession()).toBe(false);
    expect(tokenStore.status()).toBe('signed-out');
    expect(bodies).toEqual([]);
    // A handed-over pair still goes to the server: the token travels in the body.
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    expect(bodies).toEqual([{ refresh: 'handed-refresh' }]);
  });

  it('is signed out when the restore is refused', async () => {
    const bodies = refreshRoute({ fail: true });
    expect(await restoreSession()).toBe(false);
    expect(bodies).toEqual([{}]);
    expect(tokenStore.status()).toBe('signed-out');
    expect(tokenStore.access()).toBeNull();
    // Tried once per page: the app starting after the start-up script does not ask again.
    expect(await restoreSession()).toBe(false);
    expect(bodies).toHaveLength(1);
  });

  it('lets requests made while restoring wait for it and share its refresh', async () => {
    let answer: () => void = () => {};
    const bodies = refreshRoute({ delay: new Promise((resolve) => (answer = resolve)) });
    const authorizations: (string | null)[] = [];
    server.use(
      apiHandler(routes.userInfo, ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json(userInfo());
      }),
    );
    void restoreSession();
    const calls = Promise.all([call(routes.userInfo), call(routes.userInfo), call(routes.userInfo)]);
    answer();
    await calls;
    expect(bodies).toHaveLength(1);
    expect(authorizations).toEqual(['Bearer access-1', 'Bearer access-1', 'Bearer access-1']);
  });

  it('keeps a session handed over while the restore runs instead of the cookie one', async () => {
    let answer: () => void = () => {};
    const delay = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      apiHandler(routes.refresh, async ({ request }) => {
        const body = (await request.json()) as { refresh?: string };
        if (body.refresh) return HttpResponse.json({ access: 'handed-pair', refresh: 'x' });
        await delay;
        return HttpResponse.json({ access: 'cookie-pair', refresh: 'y' });
      }),
    );
    const restored = restoreSession();
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    answer();
    expect(await restored).toBe(true);
    expect(tokenStore.access()).toBe('handed-pair');
  });

  it('sends a refresh token an old release left in localStorage once, and drops its access token unread', async () => {
    localStorage.setItem('cm_refresh', 'legacy-refresh');
    localStorage.setItem('cm_access', 'legacy-access');
    const bodies = refreshRoute();
    expect(await restoreSession()).toBe(true);
    expect(bodies).toEqual([{ refresh: 'legacy-refresh' }]);
    expect(tokenStore.access()).toBe('access-1');
    expect(localStorage.length).toBe(0);
  });
});

describe('tabs tell each other about sign-in and sign-out', () => {
  const otherTab = new BroadcastChannel('cm_session');
  (otherTab as { unref?: () => void }).unref?.();
  const received: unknown[] = [];
  otherTab.onmessage = (event) => received.push(event.data);
  afterEach(() => {
    received.length = 0;
  });

  it('tells the other tabs of a sign-out, without any token in the message', async () => {
    tokenStore.save({ access: 'secret-access' });
    tokenStore.clear();
    // Earlier tests' sign-ins may arrive late: the last two messages are this test's.
    await vi.waitFor(() => expect(received.slice(-2)).toEqual([{ type: 'signed-in' }, { type: 'signed-out' }]));
    expect(JSON.stringify(received)).not.toContain('secret');
  });

  it('forgets its token when another tab signs out', async () => {
    tokenStore.save({ access: 'here' });
    const changes = vi.fn();
    const stop = tokenStore.subscribe(changes);
    otherTab.postMessage({ type: 'signed-out' });
    await vi.waitFor(() => expect(tokenStore.access()).toBeNull());
    expect(tokenStore.status()).toBe('signed-out');
    expect(changes).toHaveBeenCalled();
    stop();
  });

  it('in a frame, forgets the refresh token it keeps in memory when another tab signs out', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const bodies = refreshRoute();
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    otherTab.postMessage({ type: 'signed-out' });
    await vi.waitFor(() => expect(tokenStore.access()).toBeNull());
    await requestNewPair();
    expect(bodies).toEqual([{ refresh: 'handed-refresh' }, {}]);
    forgetFramedRefresh();
  });

  it('takes up the session by the cookie when another tab signs in and this one has none', async () => {
    const bodies = refreshRoute();
    otherTab.postMessage({ type: 'signed-in' });
    await vi.waitFor(() => expect(tokenStore.access()).toBe('access-1'));
    expect(bodies).toEqual([{}]);
  });
});
