import { CaseStatus } from '@cardiomap/contract';
import { hasDeliveredOrder, viewerRoute } from '@cardiomap/domain';
import type { VisibleCase } from '../../access/case-access.ts';
import { assertResultsReadable } from '../../access/results-access.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/http-errors.ts';

export const CASE_CANCELED = 'This case has been canceled.';
export const RESULTS_PENDING = 'This case is still being processed. Please come back later.';
export const VIEWER_UNAVAILABLE = 'The images of this case cannot be viewed in its current state.';

/** Spec §4 "viewer accessible only … in progress or completed", widened to rejected (see below). */
const VIEWABLE: readonly CaseStatus[] = [CaseStatus.IN_PROGRESS, CaseStatus.COMPLETED, CaseStatus.REJECTED];

/**
 * The study-viewer guards of spec §2 (domain viewerRoute), enforced by the server so a typed link gets the
 * web guard's answer; each refusal is a 403 whose code the web routes on: `case_canceled`,
 * `results_pending`, and `viewer_unavailable` for a status the viewer has nothing for. A rejected case is
 * viewable: spec §2 case detail offers 'View dicom' on it when a volume exists (the load is by study).
 */
export function assertViewerAccess(actor: Actor, theCase: VisibleCase): void {
  // Case.accessDenied (packages/domain isAccessDenied): who the caller is, whatever the case's state.
  assertResultsReadable(actor, theCase);
  const route = viewerRoute({ status: theCase.status, hasDeliveredOrder: hasDeliveredOrder(theCase) }, actor);
  if (route === 'case-canceled') throw forbidden(CASE_CANCELED, 'case_canceled');
  if (route === 'results-pending') throw forbidden(RESULTS_PENDING, 'results_pending');
  if (!VIEWABLE.includes(theCase.status)) throw forbidden(VIEWER_UNAVAILABLE, 'viewer_unavailable');
}
