import { routes } from '@cardiomap/contract';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../testing/api-handler.ts';
import { server, setUpMockApi } from '../testing/server.ts';
import { forgetFramedRefresh, keepHandedSession, requestNewPair } from './refresh-request.ts';
import { tokenStore } from './token-store.ts';

setUpMockApi();

const storedEntries = () => [...Object.entries(localStorage), ...Object.entries(sessionStorage)].flat();

describe('keepHandedSession (iframe hand-off)', () => {
  it('exchanges the handed refresh token for the cookie and stores only the new access token', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.refresh, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: 'fresh-access', refresh: 'fresh-refresh' });
      }),
    );
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    expect(bodies).toEqual([{ refresh: 'handed-refresh' }]);
    expect(tokenStore.access()).toBe('fresh-access');
    expect(storedEntries().filter((v) => /refresh/i.test(v))).toEqual([]);
  });

  it('keeps the handed access token when the exchange fails, still without the refresh token', async () => {
    server.use(
      apiHandler(routes.refresh, () => HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 })),
    );
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    expect(tokenStore.access()).toBe('handed-access');
    expect(storedEntries().filter((v) => /refresh/i.test(v))).toEqual([]);
  });
});

describe('a frame another site embeds (the cookie is withheld there)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    forgetFramedRefresh();
  });

  it('keeps the latest refresh token in memory only and sends it in the body of the next refresh', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const bodies: unknown[] = [];
    let n = 0;
    server.use(
      apiHandler(routes.refresh, async ({ request }) => {
        bodies.push(await request.json());
        n += 1;
        return HttpResponse.json({ access: `access-${n}`, refresh: `refresh-${n}` });
      }),
    );
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    expect(await requestNewPair()).toEqual({ access: 'access-2' });
    expect(bodies).toEqual([{ refresh: 'handed-refresh' }, { refresh: 'refresh-1' }]);
    expect(storedEntries().filter((v) => /refresh/i.test(v))).toEqual([]);
    forgetFramedRefresh();
    await requestNewPair();
    expect(bodies.at(-1)).toEqual({});
  });

  it('keeps nothing outside a frame: the next refresh relies on the cookie', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.refresh, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: 'a', refresh: 'r' });
      }),
    );
    await requestNewPair('handed');
    await requestNewPair();
    expect(bodies).toEqual([{ refresh: 'handed' }, {}]);
  });
});
