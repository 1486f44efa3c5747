import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSceneAccess } from './access.ts';
import { createObjectsService } from './object-service.ts';
import { visualisationRoutes } from './routes.ts';
import { createScenesService } from './service.ts';

export type { VisualisationObjectRow } from './object-repository.ts';
export { presentVisualisation, presentVisualisationObject } from './presenter.ts';
export { type StudyScene, sceneOfStudy } from './read-api.ts';
export { type AnalysisSceneObject, addSceneObject, reorderVisualisations } from './scene-use-cases.ts';

/** The study's 3D scene: viewer config, visualisations and their objects (spec §3). */
export const visualisationsModule = fp(
  async function visualisationsModule(app: FastifyInstance) {
    const access = createSceneAccess(app.database);
    visualisationRoutes(app, createScenesService(app.database, access), createObjectsService(app.database, access));
  },
  { name: 'visualisations', dependencies: ['auth', 'studies'] },
);
