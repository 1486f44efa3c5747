import type { UserInfo } from '@cardiomap/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  forgetFramedRefresh,
  requestNewPair,
  restoreSession,
  type SessionStatus,
  type StoredTokens,
  tokenStore,
} from '../../api/index.ts';
import { authKeys, revokeLegacyRefresh, signOut, userInfoQuery } from './api/auth-api.ts';
import { patientIdentifiers } from './patient-identifiers.ts';

export const USER_INFO_KEY = authKeys.userInfo;

/** Spec §6: authenticated means an access token is stored (in memory, issue 22). */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.isAuthenticated, () => false);
}

/** Signed in, signed out, or still restoring the session by the cookie after a page load. */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.status, () => 'signed-out');
}

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
  // A page load has its token only once the restore by the cookie has answered (shared, not repeated).
  void restoreSession().then((signedIn) => {
    if (signedIn) void queryClient.prefetchQuery(userInfoQuery);
  });
}

/** Stores a fresh sign-in and drops anything cached for a previous user. */
export function startSession(queryClient: QueryClient, tokens: StoredTokens): void {
  queryClient.clear();
  patientIdentifiers.reset();
  tokenStore.save(tokens);
}

/**
 * Ends the session locally (the access token and every cached answer) and then on the server, best
 * effort: the sign-out call revokes the sign-in so a copied token stops working too, and clears the
 * refresh cookie. The page cannot read the refresh token (HttpOnly cookie); when the access token has
 * already expired, one refresh by the cookie gives a fresh one to sign out with.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  const access = tokenStore.access();
  const legacy = tokenStore.takeLegacyRefresh();
  tokenStore.clear();
  queryClient.clear();
  patientIdentifiers.reset();
  if (legacy) await revokeLegacyRefresh(legacy);
  try {
    const answer = access ? await signOut(access) : null;
    if (answer?.ok) return;
    const renewed = await requestNewPair();
    if (renewed) await signOut(renewed.access);
  } finally {
    forgetFramedRefresh();
  }
}

export const setCurrentUser = (queryClient: QueryClient, user: UserInfo) =>
  queryClient.setQueryData(USER_INFO_KEY, user);
