import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { storageConnectSources } from '../storage/connect-sources.ts';

/**
 * Helmet's headers depend only on the configuration, so they are worked out once at start and then
 * copied onto every response, instead of running the middleware (and re-serialising the CSP) per request.
 */
function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Strict headers on every response. The app may be framed only by the origins in EMBED_ORIGINS
 * (spec §1 iframe embedding); with none configured it cannot be framed at all.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const frameAncestors = app.config.embedOrigins.length > 0 ? app.config.embedOrigins : ["'none'"];
    const headers = staticHelmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The app never uses <base>; 'none' stops injected markup from re-pointing relative URLs.
          baseUri: ["'none'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // With S3 storage the browser PUTs uploads and streams volumes straight from the bucket.
          connectSrc: ["'self'", ...storageConnectSources(app.config)],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors,
        },
      },
      // frame-ancestors governs framing; X-Frame-Options cannot express an allow-list.
      xFrameOptions: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'no-referrer' },
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      // API answers carry patient data: no browser or proxy keeps them. Set first, so a route that
      // serves a cacheable download (signed URLs) can still say otherwise.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
