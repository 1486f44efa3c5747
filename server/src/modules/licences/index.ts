import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { licencesRoutes } from './routes.ts';
import { createLicencesService } from './service.ts';

/** Licence templates, licensed devices and trial licences (spec §3, §6, §7 "Licences and training"). */
export const licencesModule = fp(
  async function licencesModule(app: FastifyInstance) {
    licencesRoutes(app, createLicencesService(app.database));
  },
  { name: 'licences', dependencies: ['auth'] },
);
