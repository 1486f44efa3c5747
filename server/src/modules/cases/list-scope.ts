import { seesAllOrganisations } from '../../access/case-access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { CaseListFilter } from './list-query.ts';

/**
 * The organisation filter of the case list must be one of the actor's organisations (or any with
 * accounts.all_organisations); another answers 404 like one that does not exist, as the catalogue does.
 */
export function listScope(actor: Actor, filter: CaseListFilter): CaseListFilter {
  const { organisationId } = filter;
  if (organisationId !== undefined && !actor.organisationIds.includes(organisationId) && !seesAllOrganisations(actor)) {
    throw notFound('No organisation matches the given query.');
  }
  return filter;
}
