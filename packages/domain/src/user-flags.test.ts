import type { UserFlags } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS as P } from './permissions.ts';
import { ROLE_PERMISSIONS } from './roles.ts';
import { deriveUserFlags, effectivePermissions, type FlagSubject, userRoles } from './user-flags.ts';

const subject = (overrides: Partial<FlagSubject> = {}): FlagSubject => ({
  isSuperuser: false,
  groups: [],
  organisationCount: 1,
  specialisationCount: 0,
  ...overrides,
});
const granted = (...permissions: string[]) => subject({ groups: [{ name: 'Custom', permissions }] });

describe('effectivePermissions', () => {
  it('gives a superuser every permission, with or without groups', () => {
    expect(effectivePermissions(subject({ isSuperuser: true })).size).toBe(ALL_PERMISSIONS.length);
  });

  it('is the union of the groups', () => {
    const perms = effectivePermissions(
      subject({
        groups: [
          { name: 'A', permissions: [P.addCase] },
          { name: 'B', permissions: [P.addOrder, P.addCase] },
        ],
      }),
    );
    expect([...perms].sort()).toEqual([P.addCase, P.addOrder].sort());
  });

  it('ignores Field Clinical Specialist without a device specialisation', () => {
    const fcs = { name: 'Field Clinical Specialist', permissions: ROLE_PERMISSIONS['Field Clinical Specialist'] };
    expect(effectivePermissions(subject({ groups: [fcs] })).size).toBe(0);
    expect(userRoles(subject({ groups: [fcs] }))).toEqual([]);
    expect(effectivePermissions(subject({ groups: [fcs], specialisationCount: 1 })).has(P.viewCaseDetails)).toBe(true);
    expect(userRoles(subject({ groups: [fcs], specialisationCount: 2 }))).toEqual(['Field Clinical Specialist']);
  });
});

describe('userRoles', () => {
  it.each([
    [subject({ isSuperuser: true }), ['Superuser']],
    [subject({ isSuperuser: true, groups: [{ name: 'Physician', permissions: [] }] }), ['Superuser', 'Physician']],
    [subject({ groups: [{ name: 'Superuser', permissions: [] }] }), ['Superuser']],
    [subject(), []],
    [
      subject({
        groups: [
          { name: 'Physician', permissions: [] },
          { name: 'Case Manager', permissions: [] },
        ],
      }),
      ['Case Manager', 'Physician'],
    ],
  ])('%#: roles in display priority', (input, expected) => {
    expect(userRoles(input)).toEqual(expected);
  });
});

type BooleanFlag = { [K in keyof UserFlags]: UserFlags[K] extends boolean ? K : never }[keyof UserFlags];

/** One row per flag: the permission that turns it on. */
const singlePermissionFlags: [BooleanFlag, string][] = [
  ['canAddCase', P.addCase],
  ['canAddOrder', P.addOrder],
  ['canShareCase', P.addSharedCase],
  ['canSeeSharedCases', P.viewCaseDetails],
  ['canAssignCaseResponsible', P.assignCaseResponsible],
  ['canSeeContour', P.viewUnpublishedResults],
  ['canAccessCaseDetails', P.viewCaseDetails],
  ['canAddTemplate', P.addDeviceAccessGroup],
  ['canViewAllOrganisations', P.allOrganisations],
  ['canCancelUnderEvaluationCase', P.cancelUnderEvaluationCase],
  ['canViewUndeliveredAnalyses', P.viewUndeliveredAnalyses],
  ['canEditLicense', P.addDeviceAccess],
  ['canSubscibeToTemplate', P.subscribeDeviceAccessGroup],
  ['canEditCase', P.changeCase],
  ['canProcessResearchCase', P.processResearchCase],
  ['canProcessNonResearchCase', P.processNonResearchCase],
  ['canSetInterpolation', P.changeStudyResource],
  ['canSkipTraining', P.skipTraining],
  ['canTerminateJob', P.terminateJob],
  ['canChangeUndeliveredLandmarks', P.changeUndeliveredLandmark],
  ['canChangeDeliveredLandmarks', P.changeDeliveredLandmark],
  ['canChangeCustomLandmarks', P.changeCustomLandmark],
  ['canChangePredefinedLandmarks', P.changePredefinedLandmark],
  ['canDeleteUndeliveredLandmarks', P.deleteUndeliveredLandmark],
  ['canDeleteDeliveredLandmarks', P.deleteDeliveredLandmark],
  ['canCreateUndeliveredLandmarks', P.addUndeliveredLandmark],
  ['canCreateDeliveredLandmarks', P.addDeliveredLandmark],
  ['canPublishLandmarks', P.publishLandmark],
  ['canRequestPatientInformation', P.requestPatientInformation],
  ['canRequestPatientInformation', P.requestPatientInformationUnderEvaluation],
  ['canViewPatientInformation', P.viewPatientInformation],
];

describe('deriveUserFlags', () => {
  it.each(singlePermissionFlags)('%s is on with %s and off without it', (flag, permission) => {
    expect(deriveUserFlags(granted(permission))[flag]).toBe(true);
    expect(deriveUserFlags(granted())[flag]).toBe(false);
  });

  it('canEditUsersAndOrganisations needs all five account permissions', () => {
    expect(deriveUserFlags(granted(...EDIT_USERS_AND_ORGANISATIONS)).canEditUsersAndOrganisations).toBe(true);
    for (const missing of EDIT_USERS_AND_ORGANISATIONS) {
      const rest = EDIT_USERS_AND_ORGANISATIONS.filter((p) => p !== missing);
      expect(deriveUserFlags(granted(...rest)).canEditUsersAndOrganisations, missing).toBe(false);
    }
  });

  it.each([
    [{ organisationCount: 0, perms: [P.addInputData] }, false],
    [{ organisationCount: 1, perms: [P.addInputData] }, true],
    [{ organisationCount: 0, perms: [P.addInputData, P.allOrganisations] }, true],
    [{ organisationCount: 3, perms: [] }, false],
  ])('canAddInputData needs the permission and a membership or all organisations: %j → %s', (input, expected) => {
    const flags = deriveUserFlags({ ...granted(...input.perms), organisationCount: input.organisationCount });
    expect(flags.canAddInputData).toBe(expected);
  });

  it.each([
    [0, [], false],
    [1, [], false],
    [2, [], true],
    [1, [P.allOrganisations], true],
  ])('hasManyOrgs with %i organisations and %j → %s', (organisationCount, perms, expected) => {
    expect(deriveUserFlags({ ...granted(...perms), organisationCount }).hasManyOrgs).toBe(expected);
  });

  it('a user without groups has no role and no first role', () => {
    const flags = deriveUserFlags(subject());
    expect(flags).toMatchObject({ hasRole: false, roles: [], firstRole: null });
  });

  it('a superuser has every flag except the membership-dependent ones it earns anyway', () => {
    const flags = deriveUserFlags(subject({ isSuperuser: true, organisationCount: 0 }));
    const booleans = Object.entries(flags).filter(([, value]) => typeof value === 'boolean');
    expect(booleans.filter(([, value]) => value === false)).toEqual([]);
    expect(flags.firstRole).toBe('Superuser');
  });

  it('each seeded role yields its name as first role', () => {
    const flags = deriveUserFlags(
      subject({ groups: [{ name: 'Physician', permissions: ROLE_PERMISSIONS.Physician }] }),
    );
    expect(flags).toMatchObject({
      firstRole: 'Physician',
      hasRole: true,
      canAddCase: true,
      canPublishLandmarks: false,
    });
  });
});
