import { imagingRoutes as r, viewerRoutes as v } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { StudiesService } from './service.ts';
import type { StudyWritesService } from './write-service.ts';

export function studyRoutes(app: FastifyInstance, service: StudiesService, writes: StudyWritesService): void {
  const publicUrl = app.config.publicUrl;
  registerRoute(app, r.listStudies, async ({ actor, query, request }) => {
    const { count, results } = await service.list(actor, query.case_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getStudy, ({ actor, params }) => service.get(actor, params.id));
  registerRoute(app, v.patchStudy, ({ actor, params, body }) => writes.patch(actor, params.id, body));
  registerRoute(app, v.uploadLegacyConfig, ({ actor, params, body, request }) =>
    writes.uploadLegacyConfig(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(app, r.setDefaultPhase, ({ actor, params, body, request }) =>
    writes.setDefaultPhase(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(app, r.listStudyResources, async ({ actor, query, request }) => {
    const { count, results } = await service.resources(actor, query.study_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  // download=true answers the same resource: its readUrl is the download (architecture.md §3.5).
  registerRoute(app, r.getStudyResource, ({ actor, params }) => service.resource(actor, params.id));
  registerRoute(
    app,
    v.createStudyResource,
    ({ actor, body, request }) => writes.createReport(actor, body, clientAddress(request)),
    {
      status: 201,
    },
  );
  registerRoute(app, v.confirmStudyResource, ({ actor, params }) => writes.confirmReport(actor, params.id));
  registerRoute(app, v.deleteStudyResource, async ({ actor, params, request }) => {
    await writes.deleteReport(actor, params.id, clientAddress(request));
    return undefined;
  });
  registerRoute(app, v.setStudyResourceAttributes, ({ actor, params, body, request }) =>
    writes.setAttributes(actor, params.id, body, clientAddress(request)),
  );
}
