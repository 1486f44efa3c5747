export {
  clearSignInFailures,
  hitRateLimit,
  keyDigest,
  recordSignInFailure,
  removeExpiredRateLimits,
  signInBlockedUntil,
} from './repository.ts';
