import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webAppUrl } from '../../mail/links.ts';
import { registrationRoutes } from './routes.ts';
import { createRegistrationService } from './service.ts';
import { registrationTestHooks } from './test-hooks.ts';

export { approveRegistration, findRequestOfUser, newestOpenRegistration } from './repository.ts';

/** Registration and e-mail verification (spec §2 register, emailverification/{key}; §5 "New user"). */
export const registrationModule = fp(
  async function registrationModule(app: FastifyInstance) {
    const { config } = app;
    const service = createRegistrationService({
      database: app.database,
      dispatchMail: (ids) => app.dispatchMail(ids),
      baseUrl: webAppUrl(config),
    });
    registrationRoutes(app, service);
    if (config.testHooksToken) registrationTestHooks(app, config.testHooksToken);
  },
  { name: 'registration', dependencies: ['mail-outbox', 'rate-limit', 'sharing'] },
);
