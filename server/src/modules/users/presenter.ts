import type { AdminUser } from '@cardiomap/contract';
import { passwordExpiry } from '@cardiomap/domain';
import type { AdminUserRow } from './admin-repository.ts';

const isoOf = (value: Date | string) => new Date(value).toISOString();

export function presentAdminUser(row: AdminUserRow, now = new Date()): AdminUser {
  const expiry = passwordExpiry(
    {
      lastPasswordChange: new Date(row.lastPasswordChange),
      passwordExpiredAt: row.passwordExpiredAt === null ? null : new Date(row.passwordExpiredAt),
      policy: row.primaryPolicy,
    },
    now,
  );
  return {
    id: row.id,
    email: row.email,
    givenName: row.givenName,
    middleName: row.middleName,
    familyName: row.familyName,
    title: row.title,
    phoneNumber: row.phoneNumber,
    isActive: row.isActive,
    isSuperuser: row.isSuperuser,
    hasExpiredPassword: expiry.expired,
    lastPasswordChange: isoOf(row.lastPasswordChange),
    lastSignIn: row.lastSignIn === null ? null : isoOf(row.lastSignIn),
    mfaRequired: row.mfaRequired,
    dateCreated: isoOf(row.dateCreated),
    groups: row.groups,
    organisationMemberships: row.memberships,
    specialisations: row.specialisations,
  };
}
