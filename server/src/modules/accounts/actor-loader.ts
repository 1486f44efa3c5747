import { deriveUserFlags, effectivePermissions, type FlagSubject } from '@cardiomap/domain';
import type { Database } from '../../db/client.ts';
import type { Actor, UserProfile } from '../../lib/actor.ts';
import { loadProfile } from './repository.ts';

const flagSubject = (profile: UserProfile): FlagSubject => ({
  isSuperuser: profile.isSuperuser,
  groups: profile.groups,
  organisationCount: profile.memberships.length,
  specialisationCount: profile.specialisations.length,
});

export function actorFromProfile(profile: UserProfile, sessionId: string): Actor {
  const subject = flagSubject(profile);
  return {
    userId: profile.id,
    sessionId,
    email: profile.email,
    isSuperuser: profile.isSuperuser,
    permissions: effectivePermissions(subject),
    organisationIds: profile.memberships.map((m) => m.organisationId),
    primaryOrganisationId: profile.memberships.find((m) => m.isPrimary)?.organisationId ?? null,
    flags: deriveUserFlags(subject),
    profile,
  };
}

/**
 * One query per request: the session must still be open and the user active, so revoking a sign-in or
 * deactivating a user takes effect on the very next request, not when the access token expires.
 */
export async function loadActor(database: Database, userId: string, sessionId: string): Promise<Actor | null> {
  const profile = await loadProfile(database, { userId, sessionId });
  if (!profile || !profile.isActive) return null;
  return actorFromProfile(profile, sessionId);
}
