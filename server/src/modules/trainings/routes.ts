import { trainingRoutes as r, trainingRecordRoutes } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { TrainingsService } from './service.ts';

export function trainingsRoutes(app: FastifyInstance, service: TrainingsService): void {
  registerRoute(app, r.trainings, async ({ actor, request }) => {
    const results = await service.list(actor);
    return paginated(
      request,
      app.config.publicUrl,
      { page: 1, page_size: results.length || 1 },
      results.length,
      results,
    );
  });
  registerRoute(
    app,
    r.completeTraining,
    ({ actor, params, request }) => service.complete(actor, params.trainingId, clientAddress(request)),
    {
      status: 201,
    },
  );
  registerRoute(app, trainingRecordRoutes.trainingRecords, async ({ actor, query, request }) => {
    const { count, results } = await service.records(actor, query.user_id, query);
    return paginated(request, app.config.publicUrl, query, count, results);
  });
}
