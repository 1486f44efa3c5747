import { CaseStatus as C, type CaseStatus } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import {
  canCreateLandmark,
  canDeleteLandmark,
  canEditLandmark,
  canPublishLandmark,
  canSeeContour,
  canSetInterpolation,
  canViewUndeliveredAnalyses,
  type ViewerActor,
  type ViewerCaseFacts,
  viewerRoute,
} from './landmark-rules.ts';

type Flag = keyof ViewerActor['flags'];
const NO_FLAGS: ViewerActor['flags'] = {
  canChangeCustomLandmarks: false,
  canChangePredefinedLandmarks: false,
  canChangeDeliveredLandmarks: false,
  canDeleteUndeliveredLandmarks: false,
  canCreateUndeliveredLandmarks: false,
  canCreateDeliveredLandmarks: false,
  canPublishLandmarks: false,
  canProcessResearchCase: false,
  canProcessNonResearchCase: false,
  canSetInterpolation: false,
  canSeeContour: false,
  canViewUndeliveredAnalyses: false,
};
const ME = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'b0000000-0000-4000-8000-000000000002';
const actor = (...flags: Flag[]): ViewerActor => ({
  userId: ME,
  flags: { ...NO_FLAGS, ...Object.fromEntries(flags.map((flag) => [flag, true])) },
});

const caseOf = (status: CaseStatus, hasDeliveredOrder = false, isResearch = false): ViewerCaseFacts => ({
  status,
  hasDeliveredOrder,
  isResearch,
});
const undelivered = caseOf(C.IN_PROGRESS);
const delivered = caseOf(C.IN_PROGRESS, true);
const completed = caseOf(C.COMPLETED);
const canceled = caseOf(C.CANCELED);
const custom = (createdById: string) => ({ landmarkTypeId: null, createdById });
const predefined = (createdById: string) => ({ landmarkTypeId: 'c0000000-0000-4000-8000-000000000003', createdById });

describe('editing a landmark (spec §6)', () => {
  it.each([
    ['undelivered, custom, custom permission', actor('canChangeCustomLandmarks'), undelivered, custom(OTHER), true],
    [
      'undelivered, custom, only predefined permission',
      actor('canChangePredefinedLandmarks'),
      undelivered,
      custom(OTHER),
      false,
    ],
    [
      'undelivered, predefined, predefined permission',
      actor('canChangePredefinedLandmarks'),
      undelivered,
      predefined(OTHER),
      true,
    ],
    [
      'undelivered, predefined, only custom permission',
      actor('canChangeCustomLandmarks'),
      undelivered,
      predefined(OTHER),
      false,
    ],
    ['undelivered, creator without permissions', actor(), undelivered, predefined(ME), true],
    ['undelivered, someone else without permissions', actor(), undelivered, custom(OTHER), false],
    [
      'delivered order, creator with delivered permission',
      actor('canChangeDeliveredLandmarks'),
      delivered,
      custom(ME),
      true,
    ],
    [
      'delivered order, creator without delivered permission',
      actor('canChangeCustomLandmarks'),
      delivered,
      custom(ME),
      false,
    ],
    [
      'delivered order, other user with every permission',
      actor('canChangeDeliveredLandmarks', 'canChangeCustomLandmarks', 'canChangePredefinedLandmarks'),
      delivered,
      custom(OTHER),
      false,
    ],
    ['completed case counts as delivered', actor('canChangeCustomLandmarks'), completed, custom(OTHER), false],
    [
      'completed case, creator with delivered permission',
      actor('canChangeDeliveredLandmarks'),
      completed,
      predefined(ME),
      true,
    ],
  ] as const)('%s', (_, who, facts, landmark, expected) => {
    expect(canEditLandmark(who, facts, landmark)).toBe(expected);
  });
});

describe('deleting a landmark (spec §6)', () => {
  it.each([
    [
      'undelivered, delete permission, another user’s landmark',
      actor('canDeleteUndeliveredLandmarks'),
      undelivered,
      custom(OTHER),
      true,
    ],
    ['undelivered, no delete permission, own landmark', actor(), undelivered, custom(ME), false],
    ['delivered, creator', actor(), delivered, predefined(ME), true],
    [
      'delivered, other user with undelivered delete permission',
      actor('canDeleteUndeliveredLandmarks'),
      delivered,
      predefined(OTHER),
      false,
    ],
    ['rejected case, creator', actor(), caseOf(C.REJECTED), custom(ME), true],
  ] as const)('%s', (_, who, facts, landmark, expected) => {
    expect(canDeleteLandmark(who, facts, landmark)).toBe(expected);
  });
});

describe('creating a landmark (spec §6)', () => {
  it.each([
    [
      'clinical undelivered, non-research + undelivered-create',
      actor('canProcessNonResearchCase', 'canCreateUndeliveredLandmarks'),
      undelivered,
      true,
    ],
    [
      'clinical undelivered, research permission only',
      actor('canProcessResearchCase', 'canCreateUndeliveredLandmarks'),
      undelivered,
      false,
    ],
    [
      'research undelivered, research + undelivered-create',
      actor('canProcessResearchCase', 'canCreateUndeliveredLandmarks'),
      caseOf(C.IN_PROGRESS, false, true),
      true,
    ],
    [
      'research undelivered, non-research permission only',
      actor('canProcessNonResearchCase', 'canCreateUndeliveredLandmarks'),
      caseOf(C.IN_PROGRESS, false, true),
      false,
    ],
    [
      'undelivered, delivered-create only',
      actor('canProcessNonResearchCase', 'canCreateDeliveredLandmarks'),
      undelivered,
      false,
    ],
    [
      'delivered order, delivered-create',
      actor('canProcessNonResearchCase', 'canCreateDeliveredLandmarks'),
      delivered,
      true,
    ],
    [
      'delivered order, undelivered-create only',
      actor('canProcessNonResearchCase', 'canCreateUndeliveredLandmarks'),
      delivered,
      false,
    ],
    [
      'finished without delivery (completed), delivered-create',
      actor('canProcessNonResearchCase', 'canCreateDeliveredLandmarks'),
      completed,
      true,
    ],
    [
      'create permissions without processing permission',
      actor('canCreateUndeliveredLandmarks', 'canCreateDeliveredLandmarks'),
      undelivered,
      false,
    ],
  ] as const)('%s', (_, who, facts, expected) => {
    expect(canCreateLandmark(who, facts)).toBe(expected);
  });
});

describe('publishing and setting interpolation (spec §6)', () => {
  it.each([
    ['undelivered in progress', undelivered, true],
    ['submitted', caseOf(C.SUBMITTED), true],
    ['delivered order', delivered, false],
    ['completed', completed, false],
    ['canceled', canceled, false],
    ['rejected', caseOf(C.REJECTED), false],
  ] as const)('%s: allowed only with the permission on an undelivered case', (_, facts, expected) => {
    expect(canPublishLandmark(actor('canPublishLandmarks'), facts)).toBe(expected);
    expect(canSetInterpolation(actor('canSetInterpolation'), facts)).toBe(expected);
    expect(canPublishLandmark(actor('canSetInterpolation'), facts)).toBe(false);
    expect(canSetInterpolation(actor('canPublishLandmarks'), facts)).toBe(false);
  });
});

describe('contour and undelivered analyses', () => {
  it('follow their flags', () => {
    expect(canSeeContour(actor('canSeeContour'))).toBe(true);
    expect(canSeeContour(actor('canViewUndeliveredAnalyses'))).toBe(false);
    expect(canViewUndeliveredAnalyses(actor('canViewUndeliveredAnalyses'))).toBe(true);
    expect(canViewUndeliveredAnalyses(actor('canSeeContour'))).toBe(false);
  });
});

describe('viewerRoute (spec §2 Guards)', () => {
  const staff = actor('canViewUndeliveredAnalyses');
  const clinician = actor();
  it.each([
    ['canceled, staff', canceled, staff, 'case-canceled'],
    ['canceled with a delivered order, clinician', caseOf(C.CANCELED, true), clinician, 'case-canceled'],
    ['in progress, nothing delivered, clinician', undelivered, clinician, 'results-pending'],
    ['in progress, nothing delivered, staff', undelivered, staff, 'allowed'],
    ['in progress, an order delivered, clinician', delivered, clinician, 'allowed'],
    ['completed, clinician', completed, clinician, 'allowed'],
    ['rejected, clinician', caseOf(C.REJECTED), clinician, 'allowed'],
    ['submitted, clinician', caseOf(C.SUBMITTED), clinician, 'results-pending'],
    ['created, clinician', caseOf(C.CREATED), clinician, 'results-pending'],
  ] as const)('%s → %s', (_, facts, who, expected) => {
    expect(viewerRoute(facts, who)).toBe(expected);
  });
});
