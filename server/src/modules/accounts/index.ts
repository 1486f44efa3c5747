import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountsRoutes } from './routes.ts';
import { createAccountsService } from './service.ts';

export { ActorCache } from './actor-cache.ts';
export { loadActor } from './actor-loader.ts';
export { AUTH_CHANGED_CHANNEL, SessionStateCache } from './session-cache.ts';
export { createTokenService, type TokenService } from './tokens.ts';

/** Sign-in, sessions and the signed-in user's own account (spec §7 "Auth and account"). */
export const accountsModule = fp(
  async function accountsModule(app: FastifyInstance) {
    const service = createAccountsService({
      database: app.database,
      tokens: app.tokens,
      mailer: app.mailer,
      config: app.config,
      authChanged: app.authChanged,
    });
    accountsRoutes(app, service);
  },
  { name: 'accounts', dependencies: ['auth', 'mail', 'rate-limit'] },
);
