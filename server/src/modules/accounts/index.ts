import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPasswordService } from './password-service.ts';
import { accountsRoutes } from './routes.ts';
import { createAccountsService } from './service.ts';
import { accountsTestHooks } from './test-hooks.ts';

export { ActorCache } from './actor-cache.ts';
export { loadActor } from './actor-loader.ts';
export { endSessions } from './end-sessions.ts';
export { AUTH_CHANGED_CHANNEL, SessionStateCache } from './session-cache.ts';
export { createTokenService, type TokenService } from './tokens.ts';

/** Sign-in, sessions and the signed-in user's own account (spec §7 "Auth and account"). */
export const accountsModule = fp(
  async function accountsModule(app: FastifyInstance) {
    const passwords = createPasswordService({
      database: app.database,
      tokens: app.tokens,
      mailer: app.mailer,
      config: app.config,
      authChanged: app.authChanged,
      dispatchMail: (ids) => app.dispatchMail(ids),
      logMailFailure: (error, subject) => app.log.error({ err: error, subject }, 'account e-mail not sent'),
    });
    const service = createAccountsService({
      database: app.database,
      tokens: app.tokens,
      mailer: app.mailer,
      config: app.config,
      authChanged: app.authChanged,
      onSignIn: async (profile, sessionId, origin) => {
        // The sign-in itself must not fail because the device note or its e-mail did.
        await passwords.noteSignIn(profile, sessionId, origin).catch((error: unknown) => {
          app.log.error({ err: error }, 'sign-in origin not recorded');
        });
      },
    });
    accountsRoutes(app, service, passwords);
    if (app.config.testHooksToken) accountsTestHooks(app, app.config.testHooksToken);
  },
  { name: 'accounts', dependencies: ['auth', 'mail', 'mail-outbox', 'rate-limit'] },
);
