import { reportRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { ReportsService } from './service.ts';

export function reportRoutes(app: FastifyInstance, service: ReportsService): void {
  registerRoute(app, r.getReportConfig, ({ actor, params, query }) =>
    service.config(actor, params.id, query.with_simulations),
  );
  registerRoute(
    app,
    r.generateStudyReport,
    ({ actor, body, request }) => service.generate(actor, body.studyId, clientAddress(request)),
    { status: 202 },
  );
  registerRoute(app, r.getStudyReport, ({ actor, params }) => service.get(actor, params.id));
}
