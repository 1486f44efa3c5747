import { caseRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { webAppUrl } from '../../mail/links.ts';
import type { SharingService } from './service.ts';

export function sharingRoutes(app: FastifyInstance, service: SharingService): void {
  registerRoute(app, r.shareCase, ({ actor, params, body, request }) =>
    service.share(actor, params.id, body, {
      ip: clientAddress(request),
      // Never from the request: Host and X-Forwarded-Host are the client's to choose.
      baseUrl: webAppUrl(app.config),
    }),
  );
  registerRoute(app, r.revokeShare, ({ actor, params, request }) =>
    service.revoke(actor, params.caseId, params.userId, clientAddress(request)),
  );
}
