import { caseRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { paginated } from '../../lib/pagination.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { UsersService } from './service.ts';

export function usersRoutes(app: FastifyInstance, service: UsersService): void {
  registerRoute(app, r.listUsers, async ({ actor, query, request }) => {
    const filter = {
      organisationId: query.organisation_id,
      search: query.name_email_or_title || undefined,
      primaryOnly: query.primary_only ?? false,
    };
    const { count, rows } = await service.list(actor, filter, query);
    return paginated(request, app.config.publicUrl, query, count, rows);
  });
}
