import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The origins allowed to embed the app travel to the client in a meta tag of index.html (spec §1 token hand-off). */
export function withEmbedOrigins(html: string, origins: string[]): string {
  const tag = `<meta name="cm-embed-origins" content="${origins.join(',').replace(/[&"<>]/g, '')}">`;
  return html.replace('</head>', `  ${tag}\n  </head>`);
}

/**
 * Serves the built web app from the API's origin. Unknown non-API paths answer index.html so the
 * history-mode router can show the page (or its own not-found page); unknown API paths answer a JSON 404.
 */
export default fp(
  async function staticWebPlugin(app: FastifyInstance) {
    const root = app.config.webDist;
    const indexFile = join(root, 'index.html');
    const index = existsSync(indexFile)
      ? withEmbedOrigins(readFileSync(indexFile, 'utf8'), app.config.embedOrigins)
      : null;
    if (index) {
      // Hashed bundle names change with every build, so the assets can be cached for long.
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        maxAge: '365d',
        immutable: true,
        // The build keeps source maps for debugging; they are not handed to browsers (issue 22).
        allowedPath: (path) => !path.endsWith('.map'),
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (isApi || !index || !['GET', 'HEAD'].includes(request.method)) {
        return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
      }
      // index.html must never be cached: it names the bundles of the current build.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
    });
  },
  { name: 'static-web' },
);
