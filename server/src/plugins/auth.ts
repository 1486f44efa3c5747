import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tokenNotValid, unauthorized } from '../lib/http-errors.ts';
import {
  ActorCache,
  AUTH_CHANGED_CHANNEL,
  createTokenService,
  loadActor,
  SessionStateCache,
  type TokenService,
} from '../modules/accounts/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /**
     * Call after changing a user, their memberships or sign-ins, so this instance's auth caches see it
     * on the very next request; other instances learn it from the database's cm_auth_changed notices.
     */
    authChanged(userId: string): void;
  }
}

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : '';
};

/**
 * Verifies the bearer access token and loads the actor once per request. Any token that is malformed,
 * expired, of a revoked sign-in or of an inactive user answers 401 token_not_valid, which the web client
 * reads as "refresh and retry once".
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const tokens = await createTokenService(app.database.db, app.config.accessTokenMinutes);
    app.decorate('tokens', tokens);
    const caches = { actors: new ActorCache(), sessions: new SessionStateCache() };
    const stopListening = await app.database.listen(AUTH_CHANGED_CHANNEL, {
      onNotify: (userId) => caches.sessions.userChanged(userId),
      onReady: () => caches.sessions.setListening(true),
      onLost: () => caches.sessions.setListening(false),
    });
    app.addHook('onClose', async () => stopListening());
    app.decorate('authChanged', (userId: string) => caches.sessions.userChanged(userId));
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token === null) throw unauthorized();
      const claims = token ? await tokens.verifyAccess(token) : null;
      if (!claims) throw tokenNotValid();
      const actor = await loadActor(app.database, caches, claims.userId, claims.sessionId);
      if (!actor) throw tokenNotValid();
      request.actor = actor;
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
