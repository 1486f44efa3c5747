import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Rate limits are opt-in per route (the auth routes use `authRateLimit`). Keyed by client address and
 * the account named in the body, so one attacker cannot lock out an account for everyone else's address.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit' },
);

export function authRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.authRateLimit,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const body = request.body as { email?: unknown } | undefined;
        const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
        return `${request.ip}|${request.routeOptions.url}|${email}`;
      },
    },
  };
}
