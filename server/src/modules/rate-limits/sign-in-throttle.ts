import type { Query } from '../../db/query.ts';
import { clearSignInFailures, recordSignInFailure, signInBlockedUntil } from './repository.ts';

/** Sign-in failures this long ago no longer count (a new one starts afresh); the sweep removes them. */
export const FORGET_AFTER_MS = 24 * 3_600_000;

/**
 * Per-account sign-in lock-out that does not depend on the client address (issue 22): after
 * `freeFailures` wrong passwords in a row, each further attempt must wait 2^k seconds (k = failures
 * beyond the free ones), capped at 15 minutes, so guessing is slowed to a crawl. While the delay runs every
 * attempt is refused, the right password too (else the delay would only slow wrong guesses); a successful
 * sign-in clears the count.
 *
 * Since a few wrong guesses an hour would keep a known address at the cap for ever, a browser that signed
 * in to the account before (its signed device cookie, device-cookie.ts) is counted under its own key,
 * `deviceThrottleKey` (issue 27): the same rule for its own failures, none of the account's. Its success
 * clears only its own count, so the owner signing in gives a guesser no fresh free attempts.
 *
 * Kept in the database (table sign_in_failures, the account as a digest) so every API instance sees the
 * same count; the periodic sweep removes entries idle for a day.
 */
export const MAX_DELAY_SECONDS = 15 * 60;

/** The count of one browser that signed in to `account` before (the account is the lower-case e-mail). */
export const deviceThrottleKey = (account: string, deviceId: string): string => `${account}|device:${deviceId}`;

/** The delay after the given number of failures in a row (the SQL in the repository follows the same rule). */
export function delaySeconds(failures: number, freeFailures: number): number {
  const beyond = failures - freeFailures;
  return beyond > 0 ? Math.min(2 ** Math.min(beyond, 30), MAX_DELAY_SECONDS) : 0;
}

export class SignInThrottle {
  constructor(
    private readonly query: Query,
    private readonly freeFailures: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the account must still wait, or 0 when an attempt may be taken. */
  async retryAfter(account: string): Promise<number> {
    const blockedUntil = await signInBlockedUntil(this.query, account);
    if (blockedUntil === null) return 0;
    const wait = blockedUntil - this.now();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  async failed(account: string): Promise<void> {
    await recordSignInFailure(
      this.query,
      account,
      {
        freeFailures: this.freeFailures,
        maxDelaySeconds: MAX_DELAY_SECONDS,
        forgetAfterMs: FORGET_AFTER_MS,
        firstDelaySeconds: delaySeconds(1, this.freeFailures),
      },
      this.now(),
    );
  }

  async succeeded(account: string): Promise<void> {
    await clearSignInFailures(this.query, account);
  }
}
