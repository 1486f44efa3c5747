import { routes } from '@cardiomap/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';

/** Query keys of the signed-in user. */
export const authKeys = {
  userInfo: ['userinfo'] as const,
};

/** GET userinfo/: the signed-in user with derived flags, kept five minutes. */
export const userInfoQuery = queryOptions({
  queryKey: authKeys.userInfo,
  queryFn: ({ signal }) => call(routes.userInfo, { signal }),
  staleTime: 5 * 60_000,
  retry: false,
});

/** POST signin/: tokens, or an OTP challenge for organisations with MFA (spec §4). */
export const signIn = (credentials: { email: string; password: string }) => call(routes.signIn, { body: credentials });

export const verifyOtp = (body: { email: string; otp: string; otpToken: string }) => call(routes.verifyOtp, { body });

export const resendOtp = (body: { email: string; otpToken: string }) => call(routes.resendOtp, { body });

/** Records the user's consent to the terms of use; answers with the updated user. */
export const acceptTerms = () => call(routes.acceptTerms, { body: { hasApprovedTerms: true } });

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/**
 * Revokes a refresh token kept by an older version of the app. A plain fetch, not `call`: no token
 * refresh and no session-expired handling while the session is being ended. Best effort: a failure is
 * swallowed because the session is already gone locally and the token expires on its own.
 */
export const revokeLegacyRefresh = (refresh: string) =>
  postJson(routes.logoutRefresh.path, { refresh }).catch(() => undefined);

/** POST logout/ with this access token, by plain fetch for the reason above; null when no answer came. */
export const signOut = (access: string) =>
  postJson(routes.logout.path, {}, { authorization: `Bearer ${access}` }).catch(() => null);
