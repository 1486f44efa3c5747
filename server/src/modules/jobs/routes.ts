import { imagingRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
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
  registerRoute(app, r.terminateJob, ({ actor, params, request }) =>
    service.terminate(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.patchJob, ({ actor, params, request }) =>
    service.terminate(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.listJobResources, async ({ actor, query, request, sendRaw }) => {
    if (query.download) {
      sendRaw('text/csv; charset=utf-8', await service.reportCsv(actor, query.job_id, query.outcome), {
        'content-disposition': `attachment; filename="job-${query.job_id}-report.csv"`,
      });
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
