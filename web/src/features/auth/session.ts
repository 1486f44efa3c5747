import { routes, type UserInfo } from '@cardiomap/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call, type StoredTokens, tokenStore } from '../../api/index.ts';
import { patientIdentifiers } from './patient-identifiers.ts';

export const USER_INFO_KEY = ['userinfo'] as const;

/** Spec §6: authenticated means an access token is stored. */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.isAuthenticated, () => false);
}

const userInfoQuery = queryOptions({
  queryKey: USER_INFO_KEY,
  queryFn: ({ signal }) => call(routes.userInfo, { signal }),
  staleTime: 5 * 60_000,
  retry: false,
});

/** The signed-in user with derived flags; fetched once per sign-in and kept until it changes. */
export function useCurrentUser() {
  const authenticated = useIsAuthenticated();
  return useQuery({ ...userInfoQuery, enabled: authenticated });
}

/**
 * Asks for the user as the app starts, before its first render: every signed-in page waits for it
 * (RequireAuth), and the first render of the app's frame takes a few hundred ms on a slow machine.
 */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  if (tokenStore.isAuthenticated()) void queryClient.prefetchQuery(userInfoQuery);
}

/** Stores a fresh sign-in and drops anything cached for a previous user. */
export function startSession(queryClient: QueryClient, tokens: StoredTokens): void {
  queryClient.clear();
  patientIdentifiers.reset();
  tokenStore.save(tokens);
}

/**
 * Ends the session locally (tokens and every cached answer) and then on the server, best effort:
 * the sign-out call revokes the refresh token family so a copied token stops working too. With a
 * refresh token it signs out by that token, which works when the access token has already expired.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  const access = tokenStore.access();
  const refresh = tokenStore.refresh();
  tokenStore.clear();
  queryClient.clear();
  patientIdentifiers.reset();
  if (refresh) {
    await fetch(routes.logoutRefresh.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    }).catch(() => undefined);
    return;
  }
  if (!access) return;
  await fetch(routes.logout.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify(refresh ? { refresh } : {}),
  }).catch(() => undefined);
}

export const setCurrentUser = (queryClient: QueryClient, user: UserInfo) =>
  queryClient.setQueryData(USER_INFO_KEY, user);
