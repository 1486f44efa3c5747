import { deriveUserFlags, effectivePermissions, type FlagSubject } from '@cardiomap/domain';
import type { Database } from '../../db/client.ts';
import type { Actor, UserProfile } from '../../lib/actor.ts';
import type { ActorCache, ActorTemplate } from './actor-cache.ts';
import { loadProfile, openSessionProfileVersion } from './repository.ts';
import type { SessionStateCache } from './session-cache.ts';

const flagSubject = (profile: UserProfile): FlagSubject => ({
  isSuperuser: profile.isSuperuser,
  groups: profile.groups,
  organisationCount: profile.memberships.length,
  specialisationCount: profile.specialisations.length,
});

export function actorTemplate(profile: UserProfile): ActorTemplate {
  const subject = flagSubject(profile);
  return {
    userId: profile.id,
    email: profile.email,
    isSuperuser: profile.isSuperuser,
    permissions: effectivePermissions(subject),
    organisationIds: profile.memberships.map((m) => m.organisationId),
    primaryOrganisationId: profile.memberships.find((m) => m.isPrimary)?.organisationId ?? null,
    flags: deriveUserFlags(subject),
    profile,
  };
}

export const actorFromProfile = (profile: UserProfile, sessionId: string): Actor => ({
  ...actorTemplate(profile),
  sessionId,
});

/**
 * The sign-in must still be open and the user active, so revoking a sign-in or deactivating a user takes
 * effect at once, not when the access token expires: one cheap query, or none while the session cache
 * is listening for changes (see SessionStateCache). The full profile is rebuilt only when its version
 * changed (see ActorCache).
 */
export async function loadActor(
  database: Database,
  caches: { actors: ActorCache; sessions: SessionStateCache },
  userId: string,
  sessionId: string,
): Promise<Actor | null> {
  let version = caches.sessions.profileVersion(sessionId, userId);
  if (version === undefined) {
    const checkStartedAt = caches.sessions.beginCheck();
    const current = await openSessionProfileVersion(database, { userId, sessionId });
    if (current === null) return null;
    caches.sessions.store(checkStartedAt, sessionId, userId, current);
    version = current;
  }
  const cache = caches.actors;
  let template = cache.get(userId, version);
  if (!template) {
    const profile = await loadProfile(database, { userId });
    if (!profile?.isActive) return null;
    template = actorTemplate(profile);
    cache.set(template);
  }
  return { ...template, sessionId };
}
