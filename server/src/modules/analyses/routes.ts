import { viewerRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { AnalysisResourcesService } from './resources-service.ts';
import type { AnalysesService } from './service.ts';

export function analysisRoutes(app: FastifyInstance, service: AnalysesService): void {
  const publicUrl = app.config.publicUrl;
  registerRoute(app, r.listAnalyses, async ({ actor, query, request }) => {
    const { count, results } = await service.list(actor, query.study_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getAnalysis, ({ actor, params }) => service.get(actor, params.id));
  registerRoute(
    app,
    r.createAnalysis,
    ({ actor, body, request }) => service.create(actor, body, clientAddress(request)),
    {
      status: 201,
    },
  );
  registerRoute(app, r.patchAnalysis, ({ actor, params, body, request }) =>
    service.patch(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(app, r.deleteAnalysis, async ({ actor, params, request }) => {
    await service.remove(actor, params.id, clientAddress(request));
  });
}

export function analysisResourceRoutes(app: FastifyInstance, service: AnalysisResourcesService): void {
  const publicUrl = app.config.publicUrl;
  registerRoute(app, r.listAnalysisResources, async ({ actor, query, request }) => {
    const { count, results } = await service.list(actor, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getAnalysisResource, ({ actor, params, query }) =>
    service.get(actor, params.id, query.download),
  );
  registerRoute(
    app,
    r.createAnalysisResource,
    ({ actor, body, request }) => service.create(actor, body, clientAddress(request)),
    {
      status: 201,
    },
  );
  registerRoute(app, r.confirmAnalysisResource, ({ actor, params, request }) =>
    service.confirm(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.setAnalysisResourceAttributes, ({ actor, params, body, request }) =>
    service.setAttributes(actor, params.id, body.attributes, clientAddress(request)),
  );
  registerRoute(app, r.deleteAnalysisResource, async ({ actor, params, request }) => {
    await service.remove(actor, params.id, clientAddress(request));
  });
}
