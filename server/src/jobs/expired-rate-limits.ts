import type { Query } from '../db/query.ts';
import { FORGET_AFTER_MS, removeExpiredRateLimits } from '../modules/rate-limits/index.ts';

/**
 * Rate-limit windows that have ended and sign-in failures old enough to be forgotten are no longer read
 * (a new hit starts afresh), so the sweep removes them: spraying many addresses or e-mails cannot grow
 * the tables forever.
 */
export function removeExpiredRateLimitRows(query: Query, now: number = Date.now()): Promise<number> {
  return removeExpiredRateLimits(query, now, FORGET_AFTER_MS);
}
