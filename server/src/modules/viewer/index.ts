import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { analysisParts } from './analysis-parts.ts';
import { viewerRoutes } from './routes.ts';
import { createViewerService } from './service.ts';

/** The study viewer's load (spec §3 Viewer load response) behind the spec §2 viewer guards. */
export const viewerModule = fp(
  async function viewerModule(app: FastifyInstance) {
    viewerRoutes(app, createViewerService(app.database, app.storage, analysisParts));
  },
  { name: 'viewer', dependencies: ['auth', 'storage', 'studies', 'visualisations'] },
);
