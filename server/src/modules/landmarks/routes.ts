import { viewerRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { LandmarksService } from './service.ts';
import type { LandmarkTypesService } from './types-service.ts';

export function landmarkRoutes(app: FastifyInstance, service: LandmarksService, types: LandmarkTypesService): void {
  const publicUrl = app.config.publicUrl;
  registerRoute(app, r.listLandmarkTypes, async ({ query, request }) => {
    const { count, results } = await types.list(query.intervention_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.listLandmarks, async ({ actor, query, request }) => {
    const { count, results } = await service.list(actor, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getLandmark, ({ actor, params }) => service.get(actor, params.id));
  registerRoute(
    app,
    r.createLandmark,
    ({ actor, body, request }) => service.create(actor, body, clientAddress(request)),
    {
      status: 201,
    },
  );
  registerRoute(app, r.patchLandmark, ({ actor, params, body, request }) =>
    service.patch(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(app, r.deleteLandmark, async ({ actor, params, request }) => {
    await service.remove(actor, params.id, clientAddress(request));
  });
  registerRoute(app, r.publishLandmark, ({ actor, params, request }) =>
    service.setPublished(actor, params.id, true, clientAddress(request)),
  );
  registerRoute(app, r.unpublishLandmark, ({ actor, params, request }) =>
    service.setPublished(actor, params.id, false, clientAddress(request)),
  );
}
