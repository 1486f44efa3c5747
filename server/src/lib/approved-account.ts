import type { RouteDef } from '@cardiomap/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './http-errors.ts';

/**
 * The contract tags whose routes read or change cases and what hangs off them (orders, uploads,
 * studies, the viewer, reports). A verified user the administrators have not approved yet ("Organisation
 * pending": no organisation membership) may hold cases shared with their address before they registered;
 * they see them once approved, not before. The web's route guard sends such a user to the pending page,
 * but the API must refuse on its own: sign-in, userinfo, settings and sign-out stay open to them.
 */
const CASE_DATA_TAGS: ReadonlySet<string> = new Set(['cases', 'orders', 'imaging', 'viewer', 'reports']);

export const REGISTRATION_PENDING =
  'Your registration is waiting for an administrator to approve it. You can see cases once it is approved.';

export const needsApprovedAccount = (route: RouteDef): boolean => route.auth && CASE_DATA_TAGS.has(route.tag);

/** onRequest, after authentication: before the body is read, like the 401 it follows. */
export async function requireApprovedAccount(request: FastifyRequest): Promise<void> {
  // Pending means no membership at all: an administrator may leave a member without a primary
  // organisation, and a superuser needs none.
  const actor = request.actor;
  if (actor && !actor.isSuperuser && actor.organisationIds.length === 0) throw forbidden(REGISTRATION_PENDING);
}
