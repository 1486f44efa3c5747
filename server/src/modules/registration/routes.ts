import { registrationRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { accountMailRateLimits, publicLookupRateLimit } from '../../plugins/rate-limit.ts';
import type { RegistrationService } from './service.ts';

export function registrationRoutes(app: FastifyInstance, service: RegistrationService): void {
  const mailLimits = { preHandler: accountMailRateLimits(app, 'registration') };
  registerRoute(app, r.register, ({ body, request }) => service.register(body, clientAddress(request)), {
    ...mailLimits,
    status: 202,
  });
  registerRoute(app, r.resendVerification, ({ body, request }) => service.resend(body, clientAddress(request)), {
    ...mailLimits,
    status: 202,
  });
  registerRoute(
    app,
    r.verifyEmail,
    ({ params, request }) => service.verify(params.verificationKey, clientAddress(request)),
    {
      config: publicLookupRateLimit(app, 'email-verification'),
    },
  );
  registerRoute(app, r.registrationOrganisations, ({ query }) => service.searchOrganisations(query.search), {
    config: publicLookupRateLimit(app, 'organisation-search'),
  });
}
