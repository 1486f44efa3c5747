import { imagingRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { JobsService } from './service.ts';

export function jobRoutes(app: FastifyInstance, service: JobsService): void {
  const publicUrl = app.config.publicUrl;
  registerRoute(app, r.listJobs, async ({ actor, query, request }) => {
    const { count, results } = await service.list(actor, query.case_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getJob, ({ actor, params }) => service.get(actor, params.id));
  registerRoute(app, r.terminateJob, ({ actor, params, request }) => service.terminate(actor, params.id, request.ip));
  registerRoute(app, r.patchJob, ({ actor, params, request }) => service.terminate(actor, params.id, request.ip));
  registerRoute(app, r.listJobResources, async ({ actor, query, request, reply }) => {
    if (query.download) {
      const csv = await service.reportCsv(actor, query.job_id, query.outcome);
      // CSV, not the page schema: past the contract's JSON serializer.
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="job-${query.job_id}-report.csv"`)
        .serializer((payload: unknown) => payload as string)
        .send(csv);
      return undefined;
    }
    const { count, results } = await service.resources(actor, query.job_id, query.outcome, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.listJobTypes, async ({ query, request }) => {
    const { count, results } = await service.jobTypes();
    return paginated(request, publicUrl, { ...query, page: 1, page_size: Math.max(count, 1) }, count, results);
  });
  registerRoute(app, r.listQueues, async ({ query, request }) => {
    const { count, results } = await service.queues();
    return paginated(request, publicUrl, { ...query, page: 1, page_size: Math.max(count, 1) }, count, results);
  });
}
