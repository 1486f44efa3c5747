/** Shared counters of the rate limits and the per-account sign-in lock-out (issue 22), in the database. */
export { takeMailAllowance } from './mail-allowance.ts';
// The rate-limit plugin's counter, the periodic sweep, and the digest keys are stored under.
export { hitRateLimit, keyDigest, removeExpiredRateLimits } from './repository.ts';
export {
  deviceThrottleKey,
  FORGET_AFTER_MS,
  MAX_DELAY_SECONDS,
  SignInThrottle,
} from './sign-in-throttle.ts';
