import { imagingRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { UploadsService } from './service.ts';

export function uploadRoutes(app: FastifyInstance, service: UploadsService): void {
  const publicUrl = app.config.publicUrl;
  registerRoute(
    app,
    r.createInputData,
    ({ actor, body, request }) => service.create(actor, body, clientAddress(request)),
    {
      status: 201,
    },
  );
  registerRoute(app, r.listInputData, async ({ actor, query, request }) => {
    const { count, results } = await service.list(actor, query.case_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.getInputData, ({ actor, params, query, request }) =>
    service.get(actor, params.id, query.download, clientAddress(request)),
  );
  registerRoute(app, r.caseDicom, ({ actor, params, request }) =>
    service.caseDicom(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.confirmUpload, ({ actor, params, request }) =>
    service.confirm(actor, params.id, clientAddress(request)),
  );
  registerRoute(
    app,
    r.reingestInputData,
    ({ actor, params, body, request }) => service.reingest(actor, params.id, body, clientAddress(request)),
    { status: 202 },
  );
}
