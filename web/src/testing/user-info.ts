import type { UserFlags, UserInfo } from '@cardiomap/contract';
import { userFlagsSchema } from '@cardiomap/contract';

// Parsed, not cast: a flag added to the contract without a default here fails loudly.
const NO_FLAGS: UserFlags = userFlagsSchema.parse(
  Object.fromEntries(
    Object.keys(userFlagsSchema.shape).map((key) => [key, key === 'roles' ? [] : key === 'firstRole' ? null : false]),
  ),
);

/** A signed-in user as GET /api/userinfo/ answers it: a physician of one organisation unless overridden. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    ...NO_FLAGS,
    sub: '11111111-1111-4111-8111-111111111111',
    email: 'physician@cardiomap.test',
    givenName: 'Philippa',
    middleName: '',
    familyName: 'Heart',
    title: 'Dr.',
    phoneNumber: '',
    groups: [8],
    isSuperuser: false,
    isActive: true,
    hasApprovedTerms: true,
    previously_approved: true,
    hasExpiredPassword: false,
    passwordExpirationDate: null,
    lastPasswordChange: '2026-01-01T00:00:00.000Z',
    organisationRequest: '',
    dateCreated: '2026-01-01T00:00:00.000Z',
    settings: { hidePatientIdentifier: false, casesDefaultTableView: true },
    primaryOrganisation: {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Heart Valve Centre Rotterdam',
      code: 'HVC',
    },
    organisationIds: ['22222222-2222-4222-8222-222222222222'],
    organisations: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Heart Valve Centre Rotterdam', code: 'HVC' }],
    organisationMembershipIds: [],
    specialisationIds: [],
    specialisations: [],
    permissions: [],
    hasRole: true,
    roles: ['Physician'],
    firstRole: 'Physician',
    ...overrides,
  };
}
