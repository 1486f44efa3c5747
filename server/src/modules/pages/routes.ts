import { pageRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { PagesService } from './service.ts';

export function pagesRoutes(app: FastifyInstance, service: PagesService): void {
  registerRoute(app, r.page, ({ actor, params, query }) => service.get(actor, params.slug, query.scope));
  registerRoute(app, r.savePageSection, ({ actor, params, body, request }) =>
    service.saveSection(actor, params.slug, body, clientAddress(request)),
  );
  registerRoute(app, r.deletePageSection, ({ actor, params, request }) =>
    service.deleteSection(actor, params.slug, params.regionId, clientAddress(request)),
  );
  registerRoute(app, r.organisationContacts, ({ actor }) => service.contacts(actor));
}
