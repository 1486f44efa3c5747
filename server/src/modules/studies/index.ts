import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { studyRoutes } from './routes.ts';
import { createStudiesService } from './service.ts';

export { ensureStudy, upsertIngestResource } from './repository.ts';

/** Studies and study resources (spec §7 "Studies and viewer": the parts ingest makes). */
export const studiesModule = fp(
  async function studiesModule(app: FastifyInstance) {
    studyRoutes(app, createStudiesService(app.database, app.storage));
  },
  { name: 'studies', dependencies: ['auth', 'storage'] },
);
