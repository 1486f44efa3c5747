import { catalogueRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { CatalogueService } from './service.ts';

export function catalogueRoutes(app: FastifyInstance, service: CatalogueService): void {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, r.interventions, async ({ query, request }) => {
    const { count, rows } = await service.interventions(query);
    return paginated(request, publicUrl, query, count, rows);
  });
  registerRoute(app, r.devices, async ({ actor, query, request }) => {
    const filter = { interventionId: query.intervention_id, organisationId: query.organisation_id };
    const { count, rows } = await service.devices(actor, filter, query);
    return paginated(request, publicUrl, query, count, rows);
  });
  registerRoute(app, r.deviceVariants, async ({ query, request }) => {
    const { count, rows } = await service.deviceVariants({ deviceId: query.device_id }, query);
    return paginated(request, publicUrl, query, count, rows);
  });
  registerRoute(app, r.rejectionReasons, async ({ query, request }) => {
    const { count, rows } = await service.rejectionReasons(query);
    return paginated(request, publicUrl, query, count, rows);
  });
  registerRoute(app, r.degradationReasons, async ({ query, request }) => {
    const { count, rows } = await service.degradationReasons(query);
    return paginated(request, publicUrl, query, count, rows);
  });
  registerRoute(app, r.bizDatetimeIn, ({ query }) => service.businessDaysFromNow(query.offset));
}
