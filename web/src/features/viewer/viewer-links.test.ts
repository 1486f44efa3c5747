import { CaseStatus } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { userInfo } from '../../testing/user-info.ts';
import { viewerLinks } from './viewer-links.ts';

const STUDY = '5a000000-0000-4000-8000-000000000001';
const kase = (
  status: number,
  more: { hasDeliveredOrder?: boolean; studyId?: string | null; accessDenied?: boolean } = {},
) => ({
  status,
  studyId: STUDY,
  accessDenied: false,
  hasDeliveredOrder: false,
  ...more,
});
const clinician = userInfo();
const analyst = userInfo({ canViewUndeliveredAnalyses: true });

describe('viewerLinks (spec §2 View result / View dicom)', () => {
  it.each([
    [
      'clinician, in progress, nothing delivered',
      kase(CaseStatus.IN_PROGRESS),
      clinician,
      { result: false, dicom: false },
    ],
    [
      'clinician, in progress, an order delivered',
      kase(CaseStatus.IN_PROGRESS, { hasDeliveredOrder: true }),
      clinician,
      { result: true, dicom: false },
    ],
    ['clinician, completed', kase(CaseStatus.COMPLETED), clinician, { result: true, dicom: false }],
    ['clinician, rejected', kase(CaseStatus.REJECTED), clinician, { result: false, dicom: true }],
    ['analyst, in progress', kase(CaseStatus.IN_PROGRESS), analyst, { result: true, dicom: true }],
    ['analyst, submitted (not yet viewable)', kase(CaseStatus.SUBMITTED), analyst, { result: false, dicom: false }],
    ['analyst, rejected', kase(CaseStatus.REJECTED), analyst, { result: false, dicom: true }],
    ['analyst, canceled', kase(CaseStatus.CANCELED), analyst, { result: false, dicom: false }],
    ['analyst, no study', kase(CaseStatus.IN_PROGRESS, { studyId: null }), analyst, { result: false, dicom: false }],
    [
      'clinician, access denied',
      kase(CaseStatus.COMPLETED, { accessDenied: true }),
      clinician,
      { result: false, dicom: false },
    ],
  ])('%s', (_, facts, flags, expected) => {
    expect(viewerLinks(facts, flags)).toEqual(expected);
  });
});
