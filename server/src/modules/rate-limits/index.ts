/** Sign-in failures this long ago no longer count (a new one starts afresh); the sweep removes them. */
export const FORGET_AFTER_MS = 24 * 3_600_000;

export { takeMailAllowance } from './mail-allowance.ts';
export {
  clearSignInFailures,
  hitRateLimit,
  keyDigest,
  recordSignInFailure,
  removeExpiredRateLimits,
  signInBlockedUntil,
} from './repository.ts';
