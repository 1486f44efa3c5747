import { adminUserRoutes as a, caseRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { AdminUsersService } from './admin-service.ts';
import type { UsersService } from './service.ts';

export function usersRoutes(app: FastifyInstance, service: UsersService, admin: AdminUsersService): void {
  registerRoute(app, r.listUsers, async ({ actor, query, request }) => {
    const filter = {
      organisationId: query.organisation_id,
      search: query.name_email_or_title || undefined,
      primaryOnly: query.primary_only ?? false,
      hasOrganisation: query.has_organisation,
      mayBeCaseResponsible: query.may_be_case_responsible ?? false,
    };
    const { count, rows } = await service.list(actor, filter, query);
    return paginated(request, app.config.publicUrl, query, count, rows);
  });
  registerRoute(app, a.getUser, ({ actor, params }) => admin.get(actor, params.id));
  registerRoute(
    app,
    a.createUser,
    ({ actor, body, request }) => admin.create(actor, body, { ip: clientAddress(request) }),
    {
      status: 201,
    },
  );
  registerRoute(app, a.updateUser, ({ actor, params, body, request }) =>
    admin.update(actor, params.id, body, { ip: clientAddress(request) }),
  );
  registerRoute(
    app,
    a.deactivateUser,
    async ({ actor, params, request }) => {
      await admin.deactivate(actor, params.id, { ip: clientAddress(request) });
    },
    { status: 204 },
  );
  registerRoute(app, a.setUserPassword, ({ actor, params, body, request }) =>
    admin.setPassword(actor, params.id, body, { ip: clientAddress(request) }),
  );
  registerRoute(app, a.expireUserPassword, ({ actor, params, request }) =>
    admin.expirePassword(actor, params.id, { ip: clientAddress(request) }),
  );
}
