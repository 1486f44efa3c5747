import { viewerRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { ViewerService } from './service.ts';

export function viewerRoutes(app: FastifyInstance, service: ViewerService): void {
  registerRoute(app, r.loadViewer, ({ actor, params }) => service.load(actor, params.id));
  registerRoute(app, r.loadCaseViewer, ({ actor, params }) => service.loadByCase(actor, params.id));
}
