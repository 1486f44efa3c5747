import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setUpMockApi } from '../testing/server.ts';
import { keepHandedSession } from './refresh-request.ts';
import { tokenStore } from './token-store.ts';

setUpMockApi();

const storedEntries = () => [...Object.entries(localStorage), ...Object.entries(sessionStorage)].flat();

describe('keepHandedSession (iframe hand-off)', () => {
  it('exchanges the handed refresh token for the cookie and stores only the new access token', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/refreshtoken/', async ({ request }) => {
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
      http.post('*/api/refreshtoken/', () =>
        HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 }),
      ),
    );
    await keepHandedSession({ access: 'handed-access', refresh: 'handed-refresh' });
    expect(tokenStore.access()).toBe('handed-access');
    expect(storedEntries().filter((v) => /refresh/i.test(v))).toEqual([]);
  });
});
