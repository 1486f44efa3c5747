import type { UserInfo } from '@cardiomap/contract';
import type { Actor, UserProfile } from '../../lib/actor.ts';
import { actorFromProfile } from './actor-loader.ts';
import { isPasswordExpired } from './service.ts';

type TimelessUserInfo = Omit<UserInfo, 'hasExpiredPassword' | 'passwordExpirationDate'>;

// Cached profiles are shared between requests (ActorCache), so their mapping is too; only the password
// expiry depends on the clock and is worked out per call.
const mapped = new WeakMap<UserProfile, TimelessUserInfo>();

/** The User of spec §3 with its derived flags, as GET userinfo/ answers it. */
export function toUserInfo(actor: Actor, profile: UserProfile = actor.profile): UserInfo {
  let timeless = mapped.get(profile);
  if (!timeless) {
    timeless = timelessUserInfo(profile === actor.profile ? actor : actorFromProfile(profile, actor.sessionId));
    mapped.set(profile, timeless);
  }
  const expiry = isPasswordExpired(profile);
  return {
    ...timeless,
    hasExpiredPassword: expiry.expired,
    passwordExpirationDate: expiry.expirationDate?.toISOString() ?? null,
  };
}

function timelessUserInfo(current: Pick<Actor, 'profile' | 'permissions' | 'flags'>): TimelessUserInfo {
  const profile = current.profile;
  const primary = profile.memberships.find((m) => m.isPrimary) ?? null;
  return {
    sub: profile.id,
    email: profile.email,
    givenName: profile.givenName,
    middleName: profile.middleName,
    familyName: profile.familyName,
    title: profile.title,
    phoneNumber: profile.phoneNumber,
    groups: profile.groups.map((g) => g.id),
    isSuperuser: profile.isSuperuser,
    isActive: profile.isActive,
    hasApprovedTerms: profile.hasApprovedTerms,
    previously_approved: profile.previouslyApproved,
    lastPasswordChange: profile.lastPasswordChange.toISOString(),
    organisationRequest: profile.organisationRequest,
    dateCreated: profile.dateCreated.toISOString(),
    settings: {
      hidePatientIdentifier: profile.hidePatientIdentifier,
      casesDefaultTableView: profile.casesDefaultTableView,
    },
    primaryOrganisation: primary ? { id: primary.organisationId, name: primary.name, code: primary.code } : null,
    organisationIds: profile.memberships.map((m) => m.organisationId),
    organisations: profile.memberships.map((m) => ({ id: m.organisationId, name: m.name, code: m.code })),
    organisationMembershipIds: profile.memberships.map((m) => m.id),
    specialisationIds: profile.specialisations.map((s) => s.id),
    specialisations: profile.specialisations,
    permissions: [...current.permissions].sort(),
    ...current.flags,
  };
}
