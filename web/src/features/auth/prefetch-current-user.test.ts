import { routes } from '@cardiomap/contract';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { server, setUpMockApi } from '../../testing/server.ts';
import { userInfo } from '../../testing/user-info.ts';
import { prefetchCurrentUser, USER_INFO_KEY } from './session.ts';

setUpMockApi();

let asked: number;
beforeEach(() => {
  asked = 0;
  server.use(
    apiHandler(routes.userInfo, () => {
      asked++;
      return HttpResponse.json(userInfo());
    }),
  );
});
afterEach(() => tokenStore.clear());

describe('prefetchCurrentUser', () => {
  it('asks for the user once, before any page does, and keeps the answer for RequireAuth', async () => {
    tokenStore.save({ access: 'a' });
    const queryClient = new QueryClient();
    prefetchCurrentUser(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(USER_INFO_KEY)).toEqual(userInfo()));
    expect(asked).toBe(1);
  });

  it('restores the session by the cookie after a page load, then asks for the user', async () => {
    server.use(apiHandler(routes.refresh, () => HttpResponse.json({ access: 'restored', refresh: 'r' })));
    const queryClient = new QueryClient();
    prefetchCurrentUser(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(USER_INFO_KEY)).toEqual(userInfo()));
    expect(asked).toBe(1);
  });

  it('asks nothing when there is no session to restore', async () => {
    server.use(
      apiHandler(routes.refresh, () => HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 })),
    );
    const queryClient = new QueryClient();
    prefetchCurrentUser(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toBe(0);
    expect(queryClient.getQueryState(USER_INFO_KEY)).toBeUndefined();
  });
});
