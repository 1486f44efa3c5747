import type { AdminUser, UpdateUserInput } from '@cardiomap/contract';

export interface MembershipDraft {
  organisationId: string;
  organisationName: string;
  isPrimary: boolean;
  contact: boolean;
}

export interface UserDraft {
  givenName: string;
  middleName: string;
  familyName: string;
  title: string;
  phoneNumber: string;
  groups: number[];
  organisations: MembershipDraft[];
  deviceIds: string[];
}

export const draftOf = (user: AdminUser): UserDraft => ({
  givenName: user.givenName,
  middleName: user.middleName,
  familyName: user.familyName,
  title: user.title,
  phoneNumber: user.phoneNumber,
  groups: user.groups,
  organisations: user.organisationMemberships.map(({ organisationId, organisationName, isPrimary, contact }) => ({
    organisationId,
    organisationName,
    isPrimary,
    contact,
  })),
  deviceIds: user.specialisations.map((s) => s.deviceId),
});

/** Spec §5: duplicates removed on save; the PATCH carries only what changed. */
export function changesOf(before: UserDraft, after: UserDraft): UpdateUserInput {
  const patch: UpdateUserInput = {};
  for (const key of ['givenName', 'middleName', 'familyName', 'phoneNumber'] as const) {
    if (before[key] !== after[key]) patch[key] = after[key];
  }
  if (before.title !== after.title) patch.title = after.title as UpdateUserInput['title'];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.groups, after.groups)) patch.groups = [...new Set(after.groups)];
  if (!same(before.deviceIds, after.deviceIds)) patch.deviceIds = [...new Set(after.deviceIds)];
  if (!same(before.organisations, after.organisations)) {
    patch.organisations = after.organisations.map(({ organisationId, isPrimary, contact }) => ({
      organisationId,
      isPrimary,
      contact,
    }));
  }
  return patch;
}

/** Spec §5: Save only when something changed and a Field Clinical Specialist has a device. */
export const canSave = (patch: UpdateUserInput, draft: UserDraft, fcsGroupId: number | undefined) =>
  Object.keys(patch).length > 0 &&
  !(fcsGroupId !== undefined && draft.groups.includes(fcsGroupId) && draft.deviceIds.length === 0);

/** At most one primary organisation: choosing one clears the others (spec §5). */
export const choosePrimary = (rows: MembershipDraft[], organisationId: string) =>
  rows.map((row) => ({ ...row, isPrimary: row.organisationId === organisationId }));
