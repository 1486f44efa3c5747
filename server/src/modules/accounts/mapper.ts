import type { UserInfo } from '@cardiomap/contract';
import type { Actor, UserProfile } from '../../lib/actor.ts';
import { actorFromProfile } from './actor-loader.ts';
import { isPasswordExpired } from './service.ts';

/** The User of spec §3 with its derived flags, as GET userinfo/ answers it. */
export function toUserInfo(actor: Actor, profile: UserProfile = actor.profile): UserInfo {
  const current = profile === actor.profile ? actor : actorFromProfile(profile, actor.sessionId);
  const primary = profile.memberships.find((m) => m.isPrimary) ?? null;
  const expiry = isPasswordExpired(profile);
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
    hasExpiredPassword: expiry.expired,
    passwordExpirationDate: expiry.expirationDate?.toISOString() ?? null,
    lastPasswordChange: profile.lastPasswordChange.toISOString(),
    organisationRequest: profile.organisationRequest,
    dateCreated: profile.dateCreated.toISOString(),
    settings: {
      hidePatientIdentifier: profile.hidePatientIdentifier,
      casesDefaultTableView: profile.casesDefaultTableView,
    },
    primaryOrganisation: primary ? { id: primary.organisationId, name: primary.name, code: primary.code } : null,
    organisationIds: profile.memberships.map((m) => m.organisationId),
    organisationMembershipIds: profile.memberships.map((m) => m.id),
    specialisationIds: profile.specialisations.map((s) => s.id),
    specialisations: profile.specialisations,
    permissions: [...current.permissions].sort(),
    ...current.flags,
  };
}
