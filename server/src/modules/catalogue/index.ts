import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { catalogueRoutes } from './routes.ts';
import { createCatalogueService } from './service.ts';

export { organisationInScope } from './service.ts';

/** Interventions, devices and their sizes, reasons, and the business-day clock (spec §7 "Cases"). */
export const catalogueModule = fp(
  async function catalogueModule(app: FastifyInstance) {
    catalogueRoutes(app, createCatalogueService(app.database.db));
  },
  { name: 'catalogue', dependencies: ['auth'] },
);
