import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { trainingsRoutes } from './routes.ts';
import { createTrainingsService } from './service.ts';

/** Trainings per intervention and their completion (spec §3, §6, §7 "Licences and training"). */
export const trainingsModule = fp(
  async function trainingsModule(app: FastifyInstance) {
    trainingsRoutes(app, createTrainingsService(app.database));
  },
  { name: 'trainings', dependencies: ['auth'] },
);
