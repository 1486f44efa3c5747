import { auditRoutes as r } from '@cardiomap/contract';
import { EDIT_USERS_AND_ORGANISATIONS } from '@cardiomap/domain';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/http-errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { queryAuditEvents } from './query.ts';

/** Spec §6: administrators are those who may edit users and organisations. */
export function auditRoutes(app: FastifyInstance): void {
  registerRoute(app, r.auditEvents, async ({ actor, query, request }) => {
    if (!EDIT_USERS_AND_ORGANISATIONS.every((p) => actor.permissions.has(p))) {
      throw forbidden('Only administrators may read the audit trail.');
    }
    const { count, rows } = await queryAuditEvents(
      app.database,
      {
        actorId: query.actor_id,
        organisationId: query.organisation_id,
        action: query.action,
        targetType: query.target_type,
        targetId: query.target_id,
        caseId: query.case_id,
        since: query.since,
        until: query.until,
      },
      query,
    );
    return paginated(request, app.config.publicUrl, query, count, rows);
  });
}
