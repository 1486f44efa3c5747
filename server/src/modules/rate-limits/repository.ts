import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/**
 * Shared counters of the rate limits and the sign-in lock-out (issue 22: every instance counts in the
 * same rows). Keys name client addresses and e-mails, so only their SHA-256 is stored. Times come from
 * the caller (the instances' clocks, kept in step by NTP) so tests can move them.
 */
export const keyDigest = (key: string): string => createHash('sha256').update(key).digest('hex');

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const ms = (value: Date | string): number => new Date(value).getTime();

/** Counts one hit in one atomic statement: a window that has ended starts again at 1. */
export async function hitRateLimit(
  query: Query,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowEnd: number }> {
  const [row] = await query<{ count: number; window_end: Date | string }>(sql`
    INSERT INTO rate_limits AS r (key, count, window_end) VALUES (${keyDigest(key)}, 1, ${at(now + windowMs)})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_end <= ${at(now)} THEN 1 ELSE r.count + 1 END,
      window_end = CASE WHEN r.window_end <= ${at(now)} THEN EXCLUDED.window_end ELSE r.window_end END
    RETURNING count, window_end`);
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: Number(row.count), windowEnd: ms(row.window_end) };
}

/** Epoch ms before which the account may not try, or null when nothing is recorded. */
export async function signInBlockedUntil(query: Query, account: string): Promise<number | null> {
  const [row] = await query<{ blocked_until: Date | string }>(
    sql`SELECT blocked_until FROM sign_in_failures WHERE account = ${keyDigest(account)}`,
  );
  return row ? ms(row.blocked_until) : null;
}

/**
 * Records one wrong password in one atomic statement: the count starts again at 1 when the last failure
 * is older than `forgetAfterMs`, and the account is blocked for `delaySeconds(count)` from now. The SQL
 * delay is the same rule as `delaySeconds` (kept beside it in sign-in-throttle.ts).
 */
export async function recordSignInFailure(
  query: Query,
  account: string,
  rule: { freeFailures: number; maxDelaySeconds: number; forgetAfterMs: number; firstDelaySeconds: number },
  now: number,
): Promise<void> {
  const next = sql`(CASE WHEN f.last_failure < ${at(now - rule.forgetAfterMs)} THEN 1 ELSE f.failures + 1 END)`;
  // 2^(beyond the free ones), capped; the exponent is bounded too so power() never overflows.
  const delay = sql`(CASE WHEN ${next} > ${rule.freeFailures}
    THEN LEAST(power(2, LEAST(${next} - ${rule.freeFailures}, 30)), ${rule.maxDelaySeconds}) ELSE 0 END)`;
  await query(sql`
    INSERT INTO sign_in_failures AS f (account, failures, blocked_until, last_failure)
    VALUES (${keyDigest(account)}, 1, ${at(now + rule.firstDelaySeconds * 1000)}, ${at(now)})
    ON CONFLICT (account) DO UPDATE SET
      failures = ${next},
      blocked_until = ${at(now)} + ${delay} * interval '1 second',
      last_failure = ${at(now)}`);
}

export async function clearSignInFailures(query: Query, account: string): Promise<void> {
  await query(sql`DELETE FROM sign_in_failures WHERE account = ${keyDigest(account)}`);
}

/** For the periodic sweep: windows that have ended and failures old enough to be forgotten. */
export async function removeExpiredRateLimits(query: Query, now: number, forgetAfterMs: number): Promise<number> {
  const windows = await query(sql`DELETE FROM rate_limits WHERE window_end <= ${at(now)} RETURNING key`);
  const failures = await query(
    sql`DELETE FROM sign_in_failures WHERE last_failure < ${at(now - forgetAfterMs)} AND blocked_until <= ${at(now)}
        RETURNING account`,
  );
  return windows.length + failures.length;
}
