import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sharingRoutes } from './routes.ts';
import { createSharingService } from './service.ts';

export { claimInvitations } from './invitations.ts';
export { INVITATION_LIMITS } from './service.ts';

/** Sharing a case by e-mail or device specialisation, and revoking it (spec §5 "Share", §6). */
export const sharingModule = fp(
  async function sharingModule(app: FastifyInstance) {
    sharingRoutes(app, createSharingService({ database: app.database, dispatchMail: (ids) => app.dispatchMail(ids) }));
  },
  { name: 'sharing', dependencies: ['auth', 'mail-outbox', 'cases'] },
);
