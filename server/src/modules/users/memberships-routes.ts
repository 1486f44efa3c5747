import { membershipRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { MembershipsService } from './memberships-service.ts';

/** group-memberships/, organisation-memberships/, specialisations/ (spec §7). */
export function membershipsRoutes(app: FastifyInstance, service: MembershipsService): void {
  const created = { status: 201 };
  const noContent = { status: 204 };
  registerRoute(app, r.listGroupMemberships, ({ actor, query }) => service.listGroupMemberships(actor, query.user_id));
  registerRoute(
    app,
    r.createGroupMembership,
    ({ actor, body, request }) => service.createGroupMembership(actor, body, { ip: clientAddress(request) }),
    created,
  );
  registerRoute(
    app,
    r.deleteGroupMembership,
    async ({ actor, params, request }) => {
      await service.deleteGroupMembership(actor, params, { ip: clientAddress(request) });
    },
    noContent,
  );
  registerRoute(app, r.listOrganisationMemberships, ({ actor, query }) =>
    service.listOrganisationMemberships(actor, query.user_id),
  );
  registerRoute(
    app,
    r.createOrganisationMembership,
    ({ actor, body, request }) => service.createOrganisationMembership(actor, body, { ip: clientAddress(request) }),
    created,
  );
  registerRoute(app, r.updateOrganisationMembership, ({ actor, params, body, request }) =>
    service.updateOrganisationMembership(actor, params.id, body, { ip: clientAddress(request) }),
  );
  registerRoute(
    app,
    r.deleteOrganisationMembership,
    async ({ actor, params, request }) => {
      await service.deleteOrganisationMembership(actor, params.id, { ip: clientAddress(request) });
    },
    noContent,
  );
  registerRoute(app, r.listSpecialisations, ({ actor, query }) => service.listSpecialisations(actor, query.user_id));
  registerRoute(
    app,
    r.createSpecialisation,
    ({ actor, body, request }) => service.createSpecialisation(actor, body, { ip: clientAddress(request) }),
    created,
  );
  registerRoute(
    app,
    r.deleteSpecialisation,
    async ({ actor, params, request }) => {
      await service.deleteSpecialisation(actor, params.id, { ip: clientAddress(request) });
    },
    noContent,
  );
}
