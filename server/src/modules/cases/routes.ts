import { caseRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { CasesService } from './service.ts';

export function caseRoutes(app: FastifyInstance, service: CasesService): void {
  registerRoute(app, r.getCase, ({ actor, params }) => service.get(actor, params.id));
}
