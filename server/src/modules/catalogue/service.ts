import { addBusinessDays, PERMISSIONS } from '@cardiomap/domain';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageRequest } from '../../lib/pagination.ts';
import * as repo from './repository.ts';

/**
 * Whose licences an actor may look at: their own organisations, or any with accounts.all_organisations.
 * Another organisation answers 404, exactly like one that does not exist (architecture.md §3).
 */
export function organisationInScope(actor: Actor, organisationId: string | undefined): string | null {
  if (!organisationId) return actor.primaryOrganisationId;
  if (actor.organisationIds.includes(organisationId) || actor.permissions.has(PERMISSIONS.allOrganisations)) {
    return organisationId;
  }
  throw notFound('No organisation matches the given query.');
}

/** The catalogue ordering needs: interventions, devices, sizes, reasons and the business-day clock. */
export function createCatalogueService(db: Db, now: () => Date = () => new Date()) {
  return {
    interventions: (page: PageRequest) => repo.listInterventions(db, page),
    devices: (actor: Actor, filter: { interventionId?: string; organisationId?: string }, page: PageRequest) =>
      repo.listDevices(
        db,
        { interventionId: filter.interventionId, organisationId: organisationInScope(actor, filter.organisationId) },
        page,
      ),
    deviceVariants: (filter: { deviceId?: string }, page: PageRequest) => repo.listDeviceVariants(db, filter, page),
    rejectionReasons: (page: PageRequest) => repo.listReasons(db, 'rejection', page),
    degradationReasons: (page: PageRequest) => repo.listReasons(db, 'degradation', page),
    businessDaysFromNow: (offset: number) => ({ date: addBusinessDays(now(), offset).toISOString() }),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
