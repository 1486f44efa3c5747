import { CaseStatus } from '@cardiomap/contract';
import { PERMISSIONS as P } from './permissions.ts';

type Permissions = ReadonlySet<string>;

/**
 * Spec §6 "Rules": patient information may be requested with the permission plus a research case or the
 * process-non-research permission; or with the under-evaluation permission while the case is in progress
 * or submitted.
 */
export function mayRequestPatientInformation(
  permissions: Permissions,
  facts: { status: CaseStatus; isResearch: boolean },
): boolean {
  if (permissions.has(P.requestPatientInformation) && (facts.isResearch || permissions.has(P.processNonResearchCase))) {
    return true;
  }
  return (
    permissions.has(P.requestPatientInformationUnderEvaluation) &&
    (facts.status === CaseStatus.IN_PROGRESS || facts.status === CaseStatus.SUBMITTED)
  );
}

/**
 * Spec §6: a case can be edited if the user may process non-research cases or the case is research —
 * on top of the permission to change cases at all, and never once the case is finished.
 */
export function mayEditCase(
  permissions: Permissions,
  facts: { status: CaseStatus; isResearch: boolean; isSharedToActor: boolean },
): boolean {
  if (facts.isSharedToActor || !permissions.has(P.changeCase)) return false;
  if (facts.status === CaseStatus.CANCELED || facts.status === CaseStatus.REJECTED) return false;
  return facts.isResearch || permissions.has(P.processNonResearchCase);
}

/**
 * Spec §6: users see patient details unless the case is shared to them (then only on request). Seeing
 * them also takes cases.view_patient_information: the clinicians' roles hold it, while analysts,
 * engineers and device-company staff work on the de-identified case and request identity when the
 * rule above allows (spec §6 "Requesting patient information").
 */
export const seesPatientDetails = (permissions: Permissions, facts: { isSharedToActor: boolean }): boolean =>
  !facts.isSharedToActor && permissions.has(P.viewPatientInformation);

/** Spec §6: training is required for an intervention unless the user can skip training. */
export function trainingPending(
  permissions: Permissions,
  intervention: { trainingRequired: boolean },
  userFollowedTraining: boolean,
): boolean {
  return intervention.trainingRequired && !userFollowedTraining && !permissions.has(P.skipTraining);
}

/** Spec §2 "Other screens": changing requested devices needs the permission and a case not finished. */
export function mayChangeRequestedDevices(permissions: Permissions, facts: { status: CaseStatus }): boolean {
  return (
    permissions.has(P.changeRequestedDevice) &&
    facts.status !== CaseStatus.COMPLETED &&
    facts.status !== CaseStatus.CANCELED &&
    facts.status !== CaseStatus.REJECTED
  );
}

/** A readable, unique identifier: organisation code, intervention prefix and a per-organisation sequence. */
export const formatCaseIdentifier = (organisationCode: string, interventionPrefix: string, sequence: number): string =>
  `${organisationCode}-${interventionPrefix}-${String(sequence).padStart(5, '0')}`;

/**
 * Who rejected a case (case-rejections/) is a matter of the staff who process cases: those who may reject
 * and those who see unfinished analyses. A clinician reads the reason and the analyst's comment, which
 * speak for the service, not the analyst's name.
 */
export const maySeeRejectingAnalyst = (permissions: Permissions): boolean =>
  permissions.has(P.addCaseRejection) || permissions.has(P.viewUndeliveredAnalyses);
