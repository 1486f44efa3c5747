import { ACCESS_DENIED_MESSAGE, isAccessDenied } from '@cardiomap/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../lib/actor.ts';
import { forbidden } from '../lib/http-errors.ts';
import { accessDeniedTo, seesAllOrganisations } from './case-access.ts';

/**
 * Case.accessDenied enforced (architecture.md §13): every read of a case's images or results (viewer
 * loads, analyses, landmarks, resources, the 3D scene, reports, image downloads) calls this after finding
 * the case, so the API answers the viewer's 403 `access_denied` wherever the same data can be read.
 */
export function assertResultsReadable(actor: Actor, theCase: { organisationId: string; isResearch: boolean }): void {
  if (accessDeniedTo(actor, theCase)) throw forbidden(ACCESS_DENIED_MESSAGE, 'access_denied');
}

/**
 * The set form, for lists not narrowed to one case: the case row `c` is one whose results the actor may
 * read. The rule stays packages/domain isAccessDenied: asked here for the two kinds of case an
 * all-organisations reach can meet; a member's or a shared case is never denied.
 */
export const resultsReadableCases = (actor: Actor): SQL => {
  const deniedResearch = isAccessDenied(actor.permissions, { isResearch: true, reach: 'allOrganisations' });
  const deniedClinical = isAccessDenied(actor.permissions, { isResearch: false, reach: 'allOrganisations' });
  return sql`(NOT ${seesAllOrganisations(actor)}
       OR c.organisation_id = ANY(${sql.param(actor.organisationIds)}::uuid[])
       OR (c.is_research AND NOT ${deniedResearch}) OR (NOT c.is_research AND NOT ${deniedClinical}))`;
};
