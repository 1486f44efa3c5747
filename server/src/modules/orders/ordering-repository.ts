import { CaseStatus, type Service } from '@cardiomap/contract';
import type { OrderingCatalogue } from '@cardiomap/domain';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/**
 * The catalogue and licence facts for the devices and sizes an order names, and the organisation's
 * device accesses: what packages/domain checkOrdering needs, in four small queries. One after another:
 * callers run them in a transaction, on one connection, where concurrent queries only queue (and pg
 * deprecates them).
 */
export async function loadOrderingCatalogue(
  query: Query,
  organisationId: string,
  deviceIds: readonly string[],
  variantIds: readonly string[],
): Promise<OrderingCatalogue> {
  const devices = await query<{ id: string; name: string; interventionId: string; services: Service[] }>(
    sql`SELECT d.id, d.name, d.intervention_id AS "interventionId",
            ARRAY(SELECT service FROM device_services s WHERE s.device_id = d.id ORDER BY service) AS services
       FROM devices d WHERE d.id = ANY(${sql.param(deviceIds)}::uuid[])`,
  );
  const variants = await query<{ id: string; deviceId: string; name: string }>(
    sql`SELECT id, device_id AS "deviceId", name FROM device_variants WHERE id = ANY(${sql.param(variantIds)}::uuid[])`,
  );
  const interventions = await query<{ id: string; prefix: string; variantLimit: number }>(
    sql`SELECT id, prefix, variant_limit AS "variantLimit" FROM interventions
      WHERE id IN (SELECT intervention_id FROM devices WHERE id = ANY(${sql.param(deviceIds)}::uuid[]))`,
  );
  const accesses = await query<OrderingCatalogue['accesses'][number]>(
    sql`SELECT device_id AS "deviceId", service, is_clinical AS "isClinical", trial_id AS "trialId"
       FROM device_accesses WHERE organisation_id = ${organisationId}`,
  );
  return {
    devices: new Map(devices.map((d) => [d.id, { ...d, services: d.services.map(Number) as Service[] }])),
    variants: new Map(variants.map((v) => [v.id, v])),
    interventions: new Map(interventions.map((i) => [i.id, i])),
    accesses,
  };
}

export interface InterventionFacts {
  id: string;
  name: string;
  prefix: string;
  trainingRequired: boolean;
}

export async function findIntervention(query: Query, interventionId: string): Promise<InterventionFacts | null> {
  const [row] = await query<InterventionFacts>(
    sql`SELECT id, name, prefix, training_required AS "trainingRequired" FROM interventions
      WHERE id = ${interventionId}`,
  );
  return row ?? null;
}

/**
 * The trainings of an intervention that apply to the organisation (all regions, or its region) which
 * the user has not completed: the same trainings GET trainings/ shows them.
 */
export function unfollowedTrainings(
  query: Query,
  userId: string,
  interventionId: string,
  organisationId: string,
): Promise<{ title: string }[]> {
  return query<{ title: string }>(
    sql`SELECT t.title FROM trainings t
      WHERE t.intervention_id = ${interventionId}
        AND (t.region_id IS NULL OR t.region_id = (SELECT region_id FROM organisations WHERE id = ${organisationId}))
        AND NOT EXISTS (SELECT 1 FROM training_records r WHERE r.training_id = t.id AND r.user_id = ${userId})
      ORDER BY t.title`,
  );
}

/**
 * Locks the trial licence until the transaction ends, then counts the cases ordered under it, so two
 * concurrent requests cannot both take the last case of a trial. Canceled cases do not count: they were
 * never analysed.
 */
export async function lockTrialUsage(query: Query, trialId: string): Promise<{ limit: number; numberOfCases: number }> {
  const [trial] = await query<{ limit: number }>(
    sql`SELECT "limit" FROM trial_licenses WHERE id = ${trialId} FOR UPDATE`,
  );
  const [used] = await query<{ n: string | number }>(
    sql`SELECT count(*) AS n FROM cases WHERE trial_id = ${trialId} AND status <> ${CaseStatus.CANCELED}`,
  );
  return { limit: trial?.limit ?? 0, numberOfCases: Number(used?.n ?? 0) };
}
