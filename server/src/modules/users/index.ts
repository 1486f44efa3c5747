import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdminUsersService } from './admin-service.ts';
import { membershipsRoutes } from './memberships-routes.ts';
import { createMembershipsService } from './memberships-service.ts';
import { usersRoutes } from './routes.ts';
import { createUsersService } from './service.ts';

export { adminScope } from './admin-service.ts';
export { refuseUngrantableGroups } from './grant-guard.ts';
export {
  createMember,
  createPendingUser,
  deactivateDeclinedUser,
  type PendingUserValues,
} from './member-use-cases.ts';

/**
 * users/: the user picker (spec §2 "User autocomplete") and user administration (spec §2, §4, §6, §7);
 * group-memberships/, organisation-memberships/, specialisations/ (spec §7).
 */
export const usersModule = fp(
  async function usersModule(app: FastifyInstance) {
    usersRoutes(app, createUsersService(app.database), createAdminUsersService(app.database, app.authChanged));
    membershipsRoutes(app, createMembershipsService(app.database, app.authChanged));
  },
  { name: 'users', dependencies: ['auth'] },
);
