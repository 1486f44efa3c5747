import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queryOnPool } from '../db/query.ts';
import { clientAddress } from '../lib/client-address.ts';
import { tooManyRequests } from '../lib/http-errors.ts';
import { readRefreshCookie } from '../lib/refresh-cookie.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Rate limits are opt-in per route (the auth routes use `authRateLimit`). Keyed by client address and
 * the account named in the body, so one attacker cannot lock out an account for everyone else's address.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    // Counted in the shared database so every instance enforces the same limit; an unreachable database
    // fails the request (503 through the error handler) rather than skipping the limit.
    await app.register(rateLimit, {
      global: false,
      skipOnError: false,
      store: databaseRateLimitStore(queryOnPool(app.database)),
    });
  },
  { name: 'rate-limit' },
);

export function authRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.authRateLimit,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) =>
        `${clientAddress(request)}|${request.routeOptions.url}|${accountKey(request)}`,
    },
  };
}

/**
 * Per client address alone, across accounts: reset links, where one address trying many tokens is the
 * abuse (each token is 256 bits, so this only bounds the work).
 */
export function addressRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.authRateLimit,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${clientAddress(request)}|${request.routeOptions.url}`,
    },
  };
}

/**
 * Password change: per signed-in account whatever the address (guessing the old password with a stolen
 * session is bounded), and per client address across accounts (one host working through many stolen
 * sessions). Both count every attempt.
 */
export function passwordChangeRateLimits(app: FastifyInstance) {
  return checkAll([
    app.createRateLimit({
      max: app.config.authRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `password-change|account|${request.actor?.userId ?? ''}`,
    }),
    app.createRateLimit({
      max: app.config.authRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `password-change|address|${clientAddress(request)}`,
    }),
  ]);
}

/**
 * Who the attempt is for: the e-mail for sign-in and codes, the presented refresh token (hashed, never
 * kept in clear) for refresh and sign-out. Without it every user behind one hospital address would
 * share a single bucket, and ten colleagues refreshing in the same minute would be signed out.
 */
function accountKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown; refresh?: unknown } | undefined;
  if (typeof body?.email === 'string') return body.email.trim().toLowerCase();
  // The web app refreshes by the cookie on every page load and new tab (its access token is in memory
  // only, issue 22): each sign-in counts alone, so users behind one address do not share a bucket.
  const refresh = typeof body?.refresh === 'string' ? body.refresh : readRefreshCookie(request);
  if (refresh !== undefined) return createHash('sha256').update(refresh).digest('base64url');
  return '';
}

/**
 * Registration, new verification links and forgot password send mail to an address someone typed: capped
 * per client address across every account (one host spraying many addresses; a bucket per `flow`). The
 * mail to one address is capped by the services instead, silently (issue 27): a 429 per address typed let
 * anyone block an address's reset and registration for an hour.
 */
export function accountMailRateLimits(app: FastifyInstance, flow: 'registration' | 'password-reset') {
  return checkAll([
    app.createRateLimit({
      max: app.config.authRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `account-mail|${flow}|address|${clientAddress(request)}`,
    }),
  ]);
}

/**
 * Public reads keyed by something a caller could try to guess (verification links, organisation names):
 * per client address, looser than sign-in because the registration form searches as the user types.
 */
export function publicLookupRateLimit(app: FastifyInstance, bucket: string) {
  return {
    rateLimit: {
      max: app.config.authRateLimit * 3,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${bucket}|${clientAddress(request)}`,
    },
  };
}

/** Runs every limiter, each counting the attempt; the first one exceeded answers 429 with Retry-After. */
function checkAll(limiters: ReturnType<FastifyInstance['createRateLimit']>[]) {
  return async function rateLimits(request: FastifyRequest): Promise<void> {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests('Too many requests. Please wait a moment and try again.', result.ttlInSeconds);
      }
    }
  };
}

/**
 * Sign-in per client address across every account (one host spraying passwords over many e-mails),
 * on top of the per address-and-account limit of `authRateLimit`. Ten times looser than that one,
 * because a hospital's users may all sign in from one address; the per-account lock-out (sign-in-throttle.ts) does
 * not depend on the address at all.
 */
export function signInAddressRateLimit(app: FastifyInstance) {
  return checkAll([
    app.createRateLimit({
      max: app.config.authRateLimit * 10,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `sign-in|address|${clientAddress(request)}`,
    }),
  ]);
}
