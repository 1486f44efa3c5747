import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { caseRoutes } from './routes.ts';
import { createCasesService } from './service.ts';

export { presentCase } from './presenter.ts';
export { findVisibleCase, type VisibleCase } from './visibility.ts';

/** Cases (spec §7 "Cases"): list, create, read, edit, the text export and the case transitions. */
export const casesModule = fp(
  async function casesModule(app: FastifyInstance) {
    caseRoutes(app, createCasesService(app.database));
  },
  { name: 'cases', dependencies: ['auth'] },
);
