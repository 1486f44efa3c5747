import { viewerRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { ObjectsService } from './object-service.ts';
import type { ScenesService } from './service.ts';

/** configs/, visualisations/, visualisation-objects/ (spec §7 "Studies and viewer"). */
export function visualisationRoutes(app: FastifyInstance, scenes: ScenesService, objects: ObjectsService): void {
  const publicUrl = app.config.publicUrl;
  const created = { status: 201 };
  registerRoute(app, r.listConfigs, async ({ actor, query, request }) => {
    const { count, results } = await scenes.listConfigs(actor, query, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getConfig, ({ actor, params }) => scenes.getConfig(actor, params.id));
  registerRoute(app, r.createConfig, ({ actor, body }) => scenes.createConfig(actor, body), created);
  registerRoute(app, r.patchConfig, ({ actor, params, body }) => scenes.patchConfig(actor, params.id, body));
  registerRoute(app, r.deleteConfig, async ({ actor, params }) => {
    await scenes.deleteConfig(actor, params.id);
    return undefined;
  });

  registerRoute(app, r.listVisualisations, async ({ actor, query, request }) => {
    const { count, results } = await scenes.listVisualisations(actor, query.study_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getVisualisation, ({ actor, params }) => scenes.getVisualisation(actor, params.id));
  registerRoute(app, r.createVisualisation, ({ actor, body }) => scenes.createVisualisation(actor, body), created);
  registerRoute(app, r.patchVisualisation, ({ actor, params, body }) =>
    scenes.patchVisualisation(actor, params.id, body),
  );
  registerRoute(app, r.deleteVisualisation, async ({ actor, params }) => {
    await scenes.deleteVisualisation(actor, params.id);
    return undefined;
  });

  registerRoute(app, r.listVisualisationObjects, async ({ actor, query, request }) => {
    const { count, results } = await objects.list(actor, query, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getVisualisationObject, ({ actor, params }) => objects.get(actor, params.id));
  registerRoute(app, r.createVisualisationObject, ({ actor, body }) => objects.create(actor, body), created);
  registerRoute(app, r.patchVisualisationObject, ({ actor, params, body }) => objects.patch(actor, params.id, body));
  registerRoute(app, r.deleteVisualisationObject, async ({ actor, params }) => {
    await objects.remove(actor, params.id);
    return undefined;
  });
}
