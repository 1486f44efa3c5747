import { imagingRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { StudiesService } from './service.ts';

export function studyRoutes(app: FastifyInstance, service: StudiesService): void {
  const publicUrl = app.config.publicUrl;
  registerRoute(app, r.listStudies, async ({ actor, query, request }) => {
    const { count, results } = await service.list(actor, query.case_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getStudy, ({ actor, params }) => service.get(actor, params.id));
  registerRoute(app, r.listStudyResources, async ({ actor, query, request }) => {
    const { count, results } = await service.resources(actor, query.study_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  // download=true answers the same resource: its readUrl is the download (architecture.md §3.5).
  registerRoute(app, r.getStudyResource, ({ actor, params }) => service.resource(actor, params.id));
}
