import { CaseStatus as C } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import {
  formatCaseIdentifier,
  mayChangeRequestedDevices,
  mayEditCase,
  mayRequestPatientInformation,
  maySeeRejectingAnalyst,
  seesPatientDetails,
  trainingPending,
} from './case-rules.ts';
import { PERMISSIONS as P } from './permissions.ts';
import { ROLE_PERMISSIONS } from './roles.ts';

const perms = (...names: string[]) => new Set(names);

describe('requesting patient information (spec §6)', () => {
  it.each([
    ['permission + research case', perms(P.requestPatientInformation), C.COMPLETED, true, true],
    [
      'permission + process-non-research',
      perms(P.requestPatientInformation, P.processNonResearchCase),
      C.COMPLETED,
      false,
      true,
    ],
    ['permission alone on a clinical case', perms(P.requestPatientInformation), C.IN_PROGRESS, false, false],
    [
      'under-evaluation permission, case in progress',
      perms(P.requestPatientInformationUnderEvaluation),
      C.IN_PROGRESS,
      false,
      true,
    ],
    [
      'under-evaluation permission, case submitted',
      perms(P.requestPatientInformationUnderEvaluation),
      C.SUBMITTED,
      false,
      true,
    ],
    [
      'under-evaluation permission, case completed',
      perms(P.requestPatientInformationUnderEvaluation),
      C.COMPLETED,
      false,
      false,
    ],
    [
      'under-evaluation permission, case created',
      perms(P.requestPatientInformationUnderEvaluation),
      C.CREATED,
      false,
      false,
    ],
    ['process-non-research alone', perms(P.processNonResearchCase), C.IN_PROGRESS, true, false],
    ['nothing', perms(), C.IN_PROGRESS, true, false],
  ])('%s', (_, permissions, status, isResearch, expected) => {
    expect(mayRequestPatientInformation(permissions, { status, isResearch })).toBe(expected);
  });
});

describe('editing a case (spec §6)', () => {
  const editor = perms(P.changeCase);
  const clinicalEditor = perms(P.changeCase, P.processNonResearchCase);
  it.each([
    ['research case, change permission', editor, C.IN_PROGRESS, true, false, true],
    ['clinical case, change + process-non-research', clinicalEditor, C.CREATED, false, false, true],
    ['clinical case, change permission only', editor, C.CREATED, false, false, false],
    ['research case without change permission', perms(P.processNonResearchCase), C.CREATED, true, false, false],
    ['shared to the user', clinicalEditor, C.CREATED, true, true, false],
    ['canceled', clinicalEditor, C.CANCELED, true, false, false],
    ['rejected', clinicalEditor, C.REJECTED, true, false, false],
  ])('%s', (_, permissions, status, isResearch, isSharedToActor, expected) => {
    expect(mayEditCase(permissions, { status, isResearch, isSharedToActor })).toBe(expected);
  });
});

describe('training (spec §6)', () => {
  it.each([
    ['required, not followed', true, false, perms(), true],
    ['required, followed', true, true, perms(), false],
    ['required, not followed, may skip', true, false, perms(P.skipTraining), false],
    ['not required', false, false, perms(), false],
  ])('%s', (_, trainingRequired, followed, permissions, expected) => {
    expect(trainingPending(permissions, { trainingRequired }, followed)).toBe(expected);
  });
});

describe('other case rules', () => {
  it('hides patient details from users the case is shared with', () => {
    const clinician = perms(P.viewPatientInformation);
    expect(seesPatientDetails(clinician, { isSharedToActor: true })).toBe(false);
    expect(seesPatientDetails(clinician, { isSharedToActor: false })).toBe(true);
    expect(
      seesPatientDetails(perms(P.viewCaseDetails, P.requestPatientInformationUnderEvaluation), {
        isSharedToActor: false,
      }),
    ).toBe(false);
  });

  it.each([
    [C.CREATED, true],
    [C.SUBMITTED, true],
    [C.IN_PROGRESS, true],
    [C.COMPLETED, false],
    [C.CANCELED, false],
    [C.REJECTED, false],
  ])('changes requested devices of a case in status %i: %s', (status, expected) => {
    expect(mayChangeRequestedDevices(perms(P.changeRequestedDevice), { status })).toBe(expected);
    expect(mayChangeRequestedDevices(perms(), { status })).toBe(false);
  });

  it('formats a readable case identifier', () => {
    expect(formatCaseIdentifier('HVC', 'TAVI', 42)).toBe('HVC-TAVI-00042');
  });
});

describe('who rejected a case (case-rejections/)', () => {
  const of = (role: keyof typeof ROLE_PERMISSIONS) => new Set<string>(ROLE_PERMISSIONS[role]);

  it('is shown to the staff who reject or see unfinished analyses, not to clinicians', () => {
    expect(maySeeRejectingAnalyst(of('Case Analyst'))).toBe(true);
    expect(maySeeRejectingAnalyst(of('Venus Support'))).toBe(true);
    expect(maySeeRejectingAnalyst(of('Physician'))).toBe(false);
    expect(maySeeRejectingAnalyst(of('Field Clinical Specialist'))).toBe(false);
    expect(maySeeRejectingAnalyst(new Set([P.addCaseRejection]))).toBe(true);
    expect(maySeeRejectingAnalyst(new Set())).toBe(false);
  });
});
