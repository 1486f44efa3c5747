import { PERMISSIONS as P } from './permissions.ts';
import { processingRefusal } from './staff-actions.ts';

/** How a case reached the user: their organisation's, one shared with them, or through all organisations. */
export type CaseReach = 'member' | 'shared' | 'allOrganisations';

export const ACCESS_DENIED_MESSAGE =
  "You may see this case in the list, but not its images and results: it is another organisation's case and your role does not work on it.";

/**
 * Case.accessDenied (spec §3; spec §4 "viewer accessible only if … access is not denied"): the user sees
 * the case in the list but may not open its images and results. The spec names the flag, not its rule;
 * ours is data minimisation across organisations. A case reaches a user through their organisation, a
 * share (a deliberate act of the case's owners) or accounts.all_organisations; through the last, only
 * those who work on patient images see them: staff who process that kind of case (research or not, spec
 * §6) or who read results by role (simulations.view_undelivered_analyses). The other company roles that
 * see every organisation's cases (support, sales) list them, their status and dates, and no more.
 * The server refuses every read of the case's images and results alike (403 `access_denied`,
 * server/src/access/results-access.ts).
 */
export function isAccessDenied(permissions: ReadonlySet<string>, facts: { isResearch: boolean; reach: CaseReach }) {
  if (facts.reach !== 'allOrganisations') return false;
  if (permissions.has(P.viewUndeliveredAnalyses)) return false;
  return processingRefusal(permissions, facts) !== null;
}
