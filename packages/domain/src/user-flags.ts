import type { UserFlags } from '@cardiomap/contract';
import { ALL_PERMISSIONS, EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS as P } from './permissions.ts';
import { FIELD_CLINICAL_SPECIALIST, sortRoles } from './roles.ts';

export interface GroupGrant {
  name: string;
  permissions: readonly string[];
}

/** What the flags are derived from: the user's groups as stored, and what the user is linked to. */
export interface FlagSubject {
  isSuperuser: boolean;
  groups: readonly GroupGrant[];
  organisationCount: number;
  specialisationCount: number;
}

/**
 * Spec §6: a Field Clinical Specialist needs at least one device specialisation. Without one the
 * membership grants nothing, so a half-configured account cannot see cases it was never meant for.
 */
const activeGroups = (subject: FlagSubject): readonly GroupGrant[] =>
  subject.specialisationCount > 0
    ? subject.groups
    : subject.groups.filter((group) => group.name !== FIELD_CLINICAL_SPECIALIST);

/** A superuser holds every permission; others hold the union of their active groups' permissions. */
export const effectivePermissions = (subject: FlagSubject): Set<string> =>
  subject.isSuperuser ? new Set(ALL_PERMISSIONS) : new Set(activeGroups(subject).flatMap((group) => group.permissions));

/** Roles in display priority; a superuser has Superuser first, a user without groups has none. */
export const userRoles = (subject: FlagSubject): string[] => {
  const names = activeGroups(subject).map((group) => group.name);
  return sortRoles(subject.isSuperuser ? ['Superuser', ...names] : names);
};

/** The derived user flags of spec §3 and §6, one rule per line. */
export const deriveUserFlags = (subject: FlagSubject): UserFlags => {
  const permissions = effectivePermissions(subject);
  const has = (permission: string) => permissions.has(permission);
  const roles = userRoles(subject);
  const canViewAllOrganisations = has(P.allOrganisations);
  return {
    canAddCase: has(P.addCase),
    canAddOrder: has(P.addOrder),
    canShareCase: has(P.addSharedCase),
    canSeeSharedCases: has(P.viewCaseDetails),
    canAssignCaseResponsible: has(P.assignCaseResponsible),
    hasManyOrgs: canViewAllOrganisations || subject.organisationCount > 1,
    canSeeContour: has(P.viewUnpublishedResults),
    canAddInputData: has(P.addInputData) && (subject.organisationCount > 0 || canViewAllOrganisations),
    canAccessCaseDetails: has(P.viewCaseDetails),
    canAddTemplate: has(P.addDeviceAccessGroup),
    canEditUsersAndOrganisations: EDIT_USERS_AND_ORGANISATIONS.every(has),
    canViewAllOrganisations,
    canCancelUnderEvaluationCase: has(P.cancelUnderEvaluationCase),
    canViewUndeliveredAnalyses: has(P.viewUndeliveredAnalyses),
    canEditLicense: has(P.addDeviceAccess),
    canSubscibeToTemplate: has(P.subscribeDeviceAccessGroup),
    canEditCase: has(P.changeCase),
    canProcessResearchCase: has(P.processResearchCase),
    canProcessNonResearchCase: has(P.processNonResearchCase),
    canSetInterpolation: has(P.changeStudyResource),
    canSkipTraining: has(P.skipTraining),
    canTerminateJob: has(P.terminateJob),
    canChangeUndeliveredLandmarks: has(P.changeUndeliveredLandmark),
    canChangeDeliveredLandmarks: has(P.changeDeliveredLandmark),
    canChangeCustomLandmarks: has(P.changeCustomLandmark),
    canChangePredefinedLandmarks: has(P.changePredefinedLandmark),
    canDeleteUndeliveredLandmarks: has(P.deleteUndeliveredLandmark),
    canDeleteDeliveredLandmarks: has(P.deleteDeliveredLandmark),
    canCreateUndeliveredLandmarks: has(P.addUndeliveredLandmark),
    canCreateDeliveredLandmarks: has(P.addDeliveredLandmark),
    canPublishLandmarks: has(P.publishLandmark),
    canRequestPatientInformation: has(P.requestPatientInformation) || has(P.requestPatientInformationUnderEvaluation),
    canViewPatientInformation: has(P.viewPatientInformation),
    hasRole: roles.length > 0,
    roles,
    firstRole: roles[0] ?? null,
  };
};
