import { organisationRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { OrganisationsService } from './service.ts';

export function organisationsRoutes(app: FastifyInstance, service: OrganisationsService): void {
  registerRoute(app, r.regions, ({ actor }) => service.regions(actor));
  registerRoute(app, r.listOrganisations, async ({ actor, query, request }) => {
    const filter = { name: query.name__icontains || undefined, code: query.code__icontains || undefined };
    const { count, rows } = await service.list(actor, filter, query);
    return paginated(request, app.config.publicUrl, query, count, rows);
  });
  registerRoute(
    app,
    r.createOrganisation,
    ({ actor, body, request }) => service.create(actor, body, clientAddress(request)),
    {
      status: 201,
    },
  );
  registerRoute(app, r.updateOrganisation, ({ actor, params, body, request }) =>
    service.update(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(app, r.deleteOrganisation, ({ actor, params, request }) =>
    service.remove(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.incomingRegistrations, async ({ actor, query, request }) => {
    const { count, rows } = await service.pending(actor, query);
    return paginated(request, app.config.publicUrl, query, count, rows);
  });
  registerRoute(app, r.approveRegistration, ({ actor, params, body, request }) =>
    service.approve(actor, params.userId, body, clientAddress(request)),
  );
  registerRoute(app, r.declineRegistration, ({ actor, params, body, request }) =>
    service.decline(actor, params.userId, body.reason, clientAddress(request)),
  );
}
