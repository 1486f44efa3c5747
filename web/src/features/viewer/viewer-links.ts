import { type Case, CaseStatus } from '@cardiomap/contract';
import { isViewerAccessible, type ViewerActor, viewerRoute } from '@cardiomap/domain';

/**
 * Which viewer links a case shows (spec §2): 'View result' where the viewer guard (`viewerRoute`) lets
 * this user in and the case is in a viewable state, 'View dicom' for staff who see undelivered work
 * and on a rejected case, whose volume may still be looked at (the server opens the viewer on it).
 */
export function viewerLinks(
  kase: Pick<Case, 'status' | 'studyId' | 'accessDenied' | 'hasDeliveredOrder'>,
  flags: ViewerActor['flags'],
): { result: boolean; dicom: boolean } {
  if (!kase.studyId || kase.accessDenied) return { result: false, dicom: false };
  const status = kase.status as CaseStatus;
  const route = viewerRoute({ status, hasDeliveredOrder: kase.hasDeliveredOrder }, { flags });
  if (route !== 'allowed') return { result: false, dicom: false };
  const viewable = isViewerAccessible({ status, hasStudy: true, accessDenied: false });
  return {
    result: viewable,
    dicom: status === CaseStatus.REJECTED || (viewable && flags.canViewUndeliveredAnalyses),
  };
}
