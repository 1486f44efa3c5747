/**
 * Per-account sign-in lock-out that does not depend on the client address (issue 22): after
 * `freeFailures` wrong passwords in a row, each further attempt must wait 2^k seconds (k = failures
 * beyond the free ones), capped at 15 minutes, so guessing is slowed to a crawl but an attacker can never
 * lock the real user out for longer than the cap. While the delay runs every attempt is refused, the right
 * password too (else the delay would only slow wrong guesses); a successful sign-in clears the count.
 *
 * Kept in this process's memory: with several instances each keeps its own count, which multiplies the
 * free attempts by the instance count but keeps the exponential bound.
 */
export const MAX_DELAY_SECONDS = 15 * 60;
/** Entries idle this long are forgotten (and the map is bounded), so spraying cannot grow memory forever. */
const FORGET_AFTER_MS = 24 * 3_600_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  failures: number;
  /** Epoch ms before which no attempt is taken. */
  blockedUntil: number;
  lastFailure: number;
}

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly freeFailures: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the account must still wait, or 0 when an attempt may be taken. */
  retryAfter(account: string): number {
    const entry = this.entries.get(account);
    if (!entry) return 0;
    const wait = entry.blockedUntil - this.now();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  failed(account: string): void {
    const now = this.now();
    const previous = this.entries.get(account);
    const fresh = !previous || now - previous.lastFailure > FORGET_AFTER_MS;
    const failures = fresh ? 1 : previous.failures + 1;
    const beyond = failures - this.freeFailures;
    const delaySeconds = beyond > 0 ? Math.min(2 ** beyond, MAX_DELAY_SECONDS) : 0;
    this.entries.delete(account);
    this.entries.set(account, { failures, blockedUntil: now + delaySeconds * 1000, lastFailure: now });
    if (this.entries.size > MAX_ENTRIES) this.forgetOldest();
  }

  succeeded(account: string): void {
    this.entries.delete(account);
  }

  private forgetOldest(): void {
    // A Map iterates in insertion order and `failed` re-inserts, so the first key is the longest idle.
    const oldest = this.entries.keys().next().value;
    if (oldest !== undefined) this.entries.delete(oldest);
  }
}
