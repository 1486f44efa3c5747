import { licenceRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { LicencesService } from './service.ts';

export function licencesRoutes(app: FastifyInstance, service: LicencesService): void {
  registerRoute(app, r.deviceAccessGroups, async ({ actor, query }) => ({
    results: await service.deviceAccessGroups(actor, query.organisation_id),
  }));
  registerRoute(
    app,
    r.createDeviceAccessGroup,
    ({ actor, body, request }) => service.createGroup({ actor, ip: clientAddress(request) }, body.name),
    { status: 201 },
  );
  registerRoute(app, r.updateDeviceAccessGroup, ({ actor, body, params, request }) =>
    service.renameGroup({ actor, ip: clientAddress(request) }, params.id, body.name),
  );
  registerRoute(app, r.deleteDeviceAccessGroup, ({ actor, params, request }) =>
    service.deleteGroup({ actor, ip: clientAddress(request) }, params.id),
  );
  registerRoute(app, r.subscribeDeviceAccessGroup, ({ actor, body, params, request }) =>
    service.subscribe({ actor, ip: clientAddress(request) }, params.id, body.organisationId),
  );
  registerRoute(app, r.unsubscribeDeviceAccessGroup, ({ actor, body, params, request }) =>
    service.unsubscribe({ actor, ip: clientAddress(request) }, params.id, body.organisationId),
  );
  registerRoute(
    app,
    r.createTemplateDevice,
    ({ actor, body, request }) => service.createTemplateDevice({ actor, ip: clientAddress(request) }, body),
    { status: 201 },
  );
  registerRoute(app, r.deleteTemplateDevice, ({ actor, params, request }) =>
    service.deleteTemplateDevice({ actor, ip: clientAddress(request) }, params.id),
  );

  registerRoute(app, r.deviceAccesses, async ({ actor, query }) => ({
    results: await service.deviceAccesses(actor, query.organisation_id),
  }));
  registerRoute(
    app,
    r.createLicensedDevice,
    ({ actor, body, request }) => service.createLicensedDevice({ actor, ip: clientAddress(request) }, body),
    { status: 201 },
  );
  registerRoute(app, r.deleteLicensedDevice, ({ actor, params, request }) =>
    service.deleteLicensedDevice({ actor, ip: clientAddress(request) }, params.id),
  );

  registerRoute(app, r.trialLicenses, async ({ actor, query }) => ({
    results: await service.trialLicenses(actor, query.organisation_id),
  }));
  registerRoute(
    app,
    r.createTrialLicense,
    ({ actor, body, request }) => service.createTrial({ actor, ip: clientAddress(request) }, body),
    { status: 201 },
  );
  registerRoute(app, r.updateTrialLicense, ({ actor, body, params, request }) =>
    service.updateTrial({ actor, ip: clientAddress(request) }, params.id, body.limit),
  );
  registerRoute(app, r.deleteTrialLicense, ({ actor, params, request }) =>
    service.deleteTrial({ actor, ip: clientAddress(request) }, params.id),
  );
}
