import { caseRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { CasesService } from './service.ts';

export function caseRoutes(app: FastifyInstance, service: CasesService): void {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, r.listCases, async ({ actor, query, request }) => {
    const filter = { search: query.search || undefined, organisationId: query.organisation_id, status: query.status };
    const { count, results } = await service.list(actor, filter, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(app, r.createCase, ({ actor, body, request }) => service.create(actor, body, clientAddress(request)), {
    status: 201,
  });
  registerRoute(app, r.getCase, ({ actor, params }) => service.get(actor, params.id));
  registerRoute(app, r.patchCase, ({ actor, params, body, request }) =>
    service.patch(actor, params.id, body, clientAddress(request)),
  );
  // Plain text, not JSON: sent as is, past the contract's JSON serializer.
  registerRoute(app, r.caseText, async ({ actor, params, sendRaw }) => {
    sendRaw('text/plain; charset=utf-8', await service.text(actor, params.id));
    return undefined;
  });
  registerRoute(app, r.cancelCase, ({ actor, params, request }) =>
    service.cancel(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.rejectCase, ({ actor, params, body, request }) =>
    service.reject(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(app, r.listCaseRejections, async ({ actor, query, request }) => {
    const { count, results } = await service.listRejections(actor, query.case_id, query);
    return paginated(request, publicUrl, query, count, results);
  });
  registerRoute(
    app,
    r.createCaseRejection,
    ({ actor, body, request }) => service.createRejection(actor, body, clientAddress(request)),
    { status: 201 },
  );
  registerRoute(app, r.markCaseSeen, ({ actor, params }) => service.markSeen(actor, params.id));
  registerRoute(app, r.assignCaseResponsible, ({ actor, params, body, request }) =>
    service.assignResponsible(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(app, r.patientInformation, ({ actor, params, request }) =>
    service.patientInformation(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.sensitiveData, ({ actor, params, request }) =>
    service.sensitiveData(actor, params.id, clientAddress(request)),
  );
}
