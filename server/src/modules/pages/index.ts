import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pagesRoutes } from './routes.ts';
import { createPagesService } from './service.ts';

/** Documentation pages stored as Markdown per region, and the organisations' contacts. */
export const pagesModule = fp(
  async function pagesModule(app: FastifyInstance) {
    pagesRoutes(app, createPagesService(app.database));
  },
  { name: 'pages', dependencies: ['auth'] },
);
