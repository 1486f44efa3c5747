import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * HTTP rate-limit counters shared by every API instance (issue 22): kept per process, each instance
 * would allow the full count and an attacker would multiply the attempts by the instance count. The
 * key is the SHA-256 (hex) of the limiter's key, which names client addresses and e-mails.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    count: integer('count').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_end').on(t.windowEnd)],
);

/** The per-account sign-in lock-out (sign-in-throttle.ts), shared by every instance; keyed like above. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    account: varchar('account', { length: 64 }).primaryKey(),
    failures: integer('failures').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    lastFailure: timestamp('last_failure', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_last_failure').on(t.lastFailure)],
);
