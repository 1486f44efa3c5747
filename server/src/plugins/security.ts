import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strict headers on every response. The app may be framed only by the origins in EMBED_ORIGINS
 * (spec §1 iframe embedding); with none configured it cannot be framed at all.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const frameAncestors = app.config.embedOrigins.length > 0 ? app.config.embedOrigins : ["'none'"];
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors,
        },
      },
      // frame-ancestors governs framing; X-Frame-Options cannot express an allow-list.
      frameguard: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'no-referrer' },
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
