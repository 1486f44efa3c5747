import type { UserFlags } from '@cardiomap/contract';

export interface MembershipRow {
  id: string;
  organisationId: string;
  isPrimary: boolean;
  name: string;
  code: string;
  requiresOtp: boolean;
  passwordExpires: boolean;
  passwordExpirationDays: number;
}

/** The user as loaded with the access token: everything userinfo and the permission checks need. */
export interface UserProfile {
  id: string;
  email: string;
  givenName: string;
  middleName: string;
  familyName: string;
  title: string;
  phoneNumber: string;
  isSuperuser: boolean;
  isActive: boolean;
  hasApprovedTerms: boolean;
  previouslyApproved: boolean;
  lastPasswordChange: Date;
  passwordExpiredAt: Date | null;
  organisationRequest: string;
  hidePatientIdentifier: boolean;
  casesDefaultTableView: boolean;
  dateCreated: Date;
  /** Changes whenever anything this profile is built from changes (database triggers). */
  profileVersion: number;
  groups: { id: number; name: string; permissions: string[] }[];
  memberships: MembershipRow[];
  specialisations: { id: string; deviceId: string }[];
}

/** Who is calling: built once per request by the auth plugin from the access token and the database. */
export interface Actor {
  userId: string;
  sessionId: string;
  email: string;
  isSuperuser: boolean;
  permissions: ReadonlySet<string>;
  organisationIds: string[];
  primaryOrganisationId: string | null;
  flags: UserFlags;
  profile: UserProfile;
}
