import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webAppUrl } from '../../mail/links.ts';
import { organisationsRoutes } from './routes.ts';
import { createOrganisationsService } from './service.ts';

/** Organisations, regions and the incoming registrations an administrator decides (spec §2, §7). */
export const organisationsModule = fp(
  async function organisationsModule(app: FastifyInstance) {
    const service = createOrganisationsService({
      database: app.database,
      dispatchMail: (ids) => app.dispatchMail(ids),
      baseUrl: webAppUrl(app.config),
      authChanged: app.authChanged,
    });
    organisationsRoutes(app, service);
  },
  { name: 'organisations', dependencies: ['auth', 'mail-outbox', 'registration'] },
);
