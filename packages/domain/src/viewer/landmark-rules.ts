import { type CaseStatus, CaseStatus as S, type UserFlags } from '@cardiomap/contract';
import { isFinished } from '../case-status.ts';

/**
 * Spec §6 "Rules" for landmarks and the viewer, as pure functions of the user's flags (derived from
 * permission strings by deriveUserFlags, held by both the server's Actor and the web's user) and the
 * facts of the case and landmark. The server enforces them; the web hides what they refuse.
 */

type LandmarkFlag =
  | 'canChangeCustomLandmarks'
  | 'canChangePredefinedLandmarks'
  | 'canChangeDeliveredLandmarks'
  | 'canDeleteUndeliveredLandmarks'
  | 'canCreateUndeliveredLandmarks'
  | 'canCreateDeliveredLandmarks'
  | 'canPublishLandmarks'
  | 'canProcessResearchCase'
  | 'canProcessNonResearchCase'
  | 'canSetInterpolation'
  | 'canSeeContour'
  | 'canViewUndeliveredAnalyses';

export interface ViewerActor {
  userId: string;
  flags: Pick<UserFlags, LandmarkFlag>;
}

/** The case as the rules see it; `hasDeliveredOrder` is the spec §3 Case field. */
export interface ViewerCaseFacts {
  status: CaseStatus;
  isResearch: boolean;
  hasDeliveredOrder: boolean;
}

export interface LandmarkFacts {
  /** Null: a custom landmark; otherwise a predefined one of that type. */
  landmarkTypeId: string | null;
  createdById: string;
}

/** Spec §4: undelivered = no delivered order and not finished (completed, canceled or rejected). */
const undelivered = (facts: Pick<ViewerCaseFacts, 'status' | 'hasDeliveredOrder'>): boolean =>
  !facts.hasDeliveredOrder && !isFinished(facts.status);

/**
 * Undelivered case: the creator always may; otherwise custom landmarks need the custom permission and
 * predefined ones the predefined permission. Delivered (or finished) case: only the creator, with the
 * delivered permission — a delivered result changes only by the hand that made it.
 */
export function canEditLandmark(actor: ViewerActor, facts: ViewerCaseFacts, landmark: LandmarkFacts): boolean {
  const isCreator = landmark.createdById === actor.userId;
  if (!undelivered(facts)) return isCreator && actor.flags.canChangeDeliveredLandmarks;
  if (isCreator) return true;
  return landmark.landmarkTypeId === null
    ? actor.flags.canChangeCustomLandmarks
    : actor.flags.canChangePredefinedLandmarks;
}

/** Undelivered case: the undelivered-delete permission; otherwise only the landmark's creator. */
export function canDeleteLandmark(actor: ViewerActor, facts: ViewerCaseFacts, landmark: LandmarkFacts): boolean {
  return undelivered(facts) ? actor.flags.canDeleteUndeliveredLandmarks : landmark.createdById === actor.userId;
}

/**
 * The processing permission matching the case (research or not), plus undelivered-create on an
 * undelivered case or delivered-create on a case with a delivered order or a finished case.
 */
export function canCreateLandmark(actor: ViewerActor, facts: ViewerCaseFacts): boolean {
  const processes = facts.isResearch ? actor.flags.canProcessResearchCase : actor.flags.canProcessNonResearchCase;
  if (!processes) return false;
  return undelivered(facts) ? actor.flags.canCreateUndeliveredLandmarks : actor.flags.canCreateDeliveredLandmarks;
}

/** Publishing and unpublishing: an undelivered case plus the publish permission. */
export const canPublishLandmark = (actor: ViewerActor, facts: ViewerCaseFacts): boolean =>
  undelivered(facts) && actor.flags.canPublishLandmarks;

/** The volume's interpolation type: an undelivered (hence unfinished) case plus the permission. */
export const canSetInterpolation = (actor: ViewerActor, facts: ViewerCaseFacts): boolean =>
  undelivered(facts) && actor.flags.canSetInterpolation;

/** The contour toggle (Atrium or Aorta result) shows unpublished results: simulations.view_unpublished_results. */
export const canSeeContour = (actor: Pick<ViewerActor, 'flags'>): boolean => actor.flags.canSeeContour;

export const canViewUndeliveredAnalyses = (actor: Pick<ViewerActor, 'flags'>): boolean =>
  actor.flags.canViewUndeliveredAnalyses;

export type ViewerRoute = 'case-canceled' | 'results-pending' | 'allowed';

/**
 * Spec §2 "Guards" for the study and iframe viewers: a canceled case goes to case-canceled; unless the
 * user may view undelivered analyses, results are viewable once some order is delivered or the case
 * is completed or rejected, and results-pending otherwise.
 */
export function viewerRoute(
  facts: Pick<ViewerCaseFacts, 'status' | 'hasDeliveredOrder'>,
  actor: Pick<ViewerActor, 'flags'>,
): ViewerRoute {
  if (facts.status === S.CANCELED) return 'case-canceled';
  if (canViewUndeliveredAnalyses(actor)) return 'allowed';
  const hasResults = facts.hasDeliveredOrder || facts.status === S.COMPLETED || facts.status === S.REJECTED;
  return hasResults ? 'allowed' : 'results-pending';
}
