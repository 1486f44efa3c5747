import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentChanged } from '../analyses/index.ts';
import { landmarkRoutes } from './routes.ts';
import { createLandmarksService } from './service.ts';
import { createLandmarkTypesService } from './types-service.ts';

export { landmarkRights, mayCreateLandmarkOn, mayPublishOn } from './policy.ts';
export { type LandmarkRights, landmarkColor, presentLandmark, presentLandmarkType } from './presenter.ts';
export { listLandmarkTypes, listStudyLandmarks } from './read-api.ts';

/** Landmark types and landmarks (spec §7 landmark-types/, landmarks/) under the rules of spec §6. */
export const landmarksModule = fp(
  async function landmarksModule(app: FastifyInstance, options: { contentChanged?: ContentChanged }) {
    landmarkRoutes(
      app,
      createLandmarksService(app.database, options.contentChanged),
      createLandmarkTypesService(app.database),
    );
  },
  { name: 'landmarks', dependencies: ['auth', 'analyses'] },
);
