import { CaseStatus, type ServiceGrant } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import { iso, type Query } from '../../db/query.ts';

interface AccessRow {
  id: string;
  organisationId: string;
  deviceId: string;
  deviceName: string;
  interventionPrefix: string;
  service: number;
  isClinical: boolean;
  trialId: string | null;
  deviceAccessGroupId: string | null;
}

interface TemplateRow {
  id: string;
  deviceAccessGroupId: string;
  deviceId: string;
  deviceName: string;
  interventionPrefix: string;
  service: number;
  isClinical: boolean;
}

const grant = (r: { service: number; isClinical: boolean }): ServiceGrant => ({
  service: Number(r.service) as 0 | 1,
  isClinical: r.isClinical,
});

/**
 * Rows are one per licensed service; screens show one card per device. The card's id is its anatomical
 * row (always present: a licence without the anatomical service cannot be made).
 */
function byDevice<R extends { id: string; deviceId: string; service: number; isClinical: boolean }>(
  rows: R[],
  key: (r: R) => string,
): (R & { services: ServiceGrant[] })[] {
  const groups = new Map<string, R[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort((a, b) => Number(a.service) - Number(b.service));
    const first = sorted[0] as R;
    return { ...first, services: sorted.map(grant) };
  });
}

export async function organisationExists(query: Query, organisationId: string): Promise<boolean> {
  return (await query(sql`SELECT 1 FROM organisations WHERE id = ${organisationId}`)).length > 0;
}

export async function deviceServices(query: Query, deviceId: string): Promise<number[] | null> {
  const rows = await query<{ services: number[] }>(
    sql`SELECT ARRAY(SELECT service FROM device_services s WHERE s.device_id = d.id) AS services
      FROM devices d WHERE d.id = ${deviceId}`,
  );
  return rows[0] ? rows[0].services.map(Number) : null;
}

// --- Licensed devices (device accesses) ---

export async function listAccesses(query: Query, organisationId: string) {
  const rows = await query<AccessRow>(
    sql`SELECT a.id, a.organisation_id AS "organisationId", a.device_id AS "deviceId", d.name AS "deviceName",
            i.prefix AS "interventionPrefix", a.service, a.is_clinical AS "isClinical", a.trial_id AS "trialId",
            a.device_access_group_id AS "deviceAccessGroupId"
       FROM device_accesses a JOIN devices d ON d.id = a.device_id JOIN interventions i ON i.id = d.intervention_id
      WHERE a.organisation_id = ${organisationId}
      ORDER BY i.prefix, d.name, a.service`,
  );
  return byDevice(rows, (r) => `${r.deviceId}/${r.trialId}/${r.deviceAccessGroupId}`).map(
    ({ service: _s, isClinical: _c, ...rest }) => rest,
  );
}

export async function findAccess(query: Query, id: string) {
  const [row] = await query<{
    id: string;
    organisationId: string;
    deviceId: string;
    deviceAccessGroupId: string | null;
  }>(
    sql`SELECT id, organisation_id AS "organisationId", device_id AS "deviceId",
            device_access_group_id AS "deviceAccessGroupId"
       FROM device_accesses WHERE id = ${id}`,
  );
  return row ?? null;
}

/** Whether the organisation holds the device directly (not through a template). */
export async function holdsDirectly(query: Query, organisationId: string, deviceId: string): Promise<boolean> {
  const rows = await query(
    sql`SELECT 1 FROM device_accesses WHERE organisation_id = ${organisationId} AND device_id = ${deviceId}
      AND device_access_group_id IS NULL`,
  );
  return rows.length > 0;
}

/** A direct licence replaces what a template gave for the same device. */
export async function insertDirectAccess(
  query: Query,
  a: { organisationId: string; deviceId: string; trialId: string | null; services: ServiceGrant[] },
): Promise<void> {
  await query(
    sql`DELETE FROM device_accesses WHERE organisation_id = ${a.organisationId} AND device_id = ${a.deviceId}`,
  );
  for (const s of a.services) {
    await query(
      sql`INSERT INTO device_accesses (organisation_id, device_id, service, is_clinical, trial_id)
        VALUES (${a.organisationId}, ${a.deviceId}, ${s.service}, ${s.isClinical}, ${a.trialId})`,
    );
  }
}

export async function deleteDirectAccess(query: Query, organisationId: string, deviceId: string): Promise<void> {
  await query(
    sql`DELETE FROM device_accesses WHERE organisation_id = ${organisationId} AND device_id = ${deviceId}
      AND device_access_group_id IS NULL`,
  );
}

/**
 * Copies the devices of the templates the organisation(s) subscribe to into device_accesses, where the
 * device is not licensed already: ordering and the New analysis dialog read that one table.
 */
export async function materialiseSubscriptions(query: Query, organisationId: string | null): Promise<void> {
  await query(
    sql`INSERT INTO device_accesses (organisation_id, device_id, service, is_clinical, device_access_group_id)
      SELECT s.organisation_id, t.device_id, t.service, t.is_clinical, t.device_access_group_id
        FROM organisation_device_access_groups s
        JOIN template_devices t ON t.device_access_group_id = s.device_access_group_id
       WHERE ${organisationId}::uuid IS NULL OR s.organisation_id = ${organisationId}
       ORDER BY s.device_access_group_id
      ON CONFLICT (organisation_id, device_id, service) DO NOTHING`,
  );
}

// --- Templates ---

export async function listGroups(query: Query, organisationId: string | null, onlyId?: string) {
  const groups = await query<{ id: string; name: string; isSubscribed: boolean }>(
    sql`SELECT g.id, g.name,
            EXISTS (SELECT 1 FROM organisation_device_access_groups s
                     WHERE s.device_access_group_id = g.id AND s.organisation_id = ${organisationId}) AS "isSubscribed"
       FROM device_access_groups g
      WHERE ${onlyId ?? null}::uuid IS NULL OR g.id = ${onlyId ?? null}
      ORDER BY g.name, g.id`,
  );
  const devices = await templateRows(query, onlyId ?? null);
  return groups.map((g) => ({ ...g, devices: devices.filter((d) => d.deviceAccessGroupId === g.id) }));
}

async function templateRows(query: Query, groupId: string | null, deviceRowId?: string) {
  const rows = await query<TemplateRow>(
    sql`SELECT t.id, t.device_access_group_id AS "deviceAccessGroupId", t.device_id AS "deviceId",
            d.name AS "deviceName", i.prefix AS "interventionPrefix", t.service, t.is_clinical AS "isClinical"
       FROM template_devices t JOIN devices d ON d.id = t.device_id JOIN interventions i ON i.id = d.intervention_id
      WHERE (${groupId}::uuid IS NULL OR t.device_access_group_id = ${groupId})
        AND (${deviceRowId ?? null}::uuid IS NULL OR t.device_id =
             (SELECT device_id FROM template_devices WHERE id = ${deviceRowId ?? null}))
      ORDER BY i.prefix, d.name, t.service`,
  );
  return byDevice(rows, (r) => `${r.deviceAccessGroupId}/${r.deviceId}`).map(
    ({ service: _s, isClinical: _c, ...rest }) => rest,
  );
}

export async function findGroup(query: Query, id: string, organisationId: string | null = null) {
  const [group] = await listGroups(query, organisationId, id);
  return group ?? null;
}

export async function insertGroup(query: Query, name: string): Promise<string> {
  const [row] = await query<{ id: string }>(sql`INSERT INTO device_access_groups (name) VALUES (${name}) RETURNING id`);
  return row?.id ?? '';
}

export async function renameGroup(query: Query, id: string, name: string): Promise<void> {
  await query(sql`UPDATE device_access_groups SET name = ${name} WHERE id = ${id}`);
}

/** Its template devices, subscriptions and the device accesses it gave go with it (foreign keys cascade). */
export async function deleteGroup(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM device_access_groups WHERE id = ${id}`);
}

export async function subscribe(query: Query, groupId: string, organisationId: string): Promise<void> {
  await query(
    sql`INSERT INTO organisation_device_access_groups (organisation_id, device_access_group_id)
      VALUES (${organisationId}, ${groupId}) ON CONFLICT DO NOTHING`,
  );
}

export async function unsubscribe(query: Query, groupId: string, organisationId: string): Promise<void> {
  await query(
    sql`DELETE FROM organisation_device_access_groups
      WHERE organisation_id = ${organisationId} AND device_access_group_id = ${groupId}`,
  );
  await query(
    sql`DELETE FROM device_accesses WHERE organisation_id = ${organisationId} AND device_access_group_id = ${groupId}`,
  );
}

export async function templateHasDevice(query: Query, groupId: string, deviceId: string): Promise<boolean> {
  const rows = await query(
    sql`SELECT 1 FROM template_devices WHERE device_access_group_id = ${groupId} AND device_id = ${deviceId}`,
  );
  return rows.length > 0;
}

export async function insertTemplateDevice(
  query: Query,
  t: { deviceAccessGroupId: string; deviceId: string; services: ServiceGrant[] },
) {
  for (const s of t.services) {
    await query(
      sql`INSERT INTO template_devices (device_access_group_id, device_id, service, is_clinical)
        VALUES (${t.deviceAccessGroupId}, ${t.deviceId}, ${s.service}, ${s.isClinical})`,
    );
  }
  const [row] = (await templateRows(query, t.deviceAccessGroupId)).filter((r) => r.deviceId === t.deviceId);
  return row ?? null;
}

export async function findTemplateDevice(query: Query, id: string) {
  const [row] = await templateRows(query, null, id);
  return row ?? null;
}

export async function deleteTemplateDevice(query: Query, groupId: string, deviceId: string): Promise<void> {
  await query(sql`DELETE FROM template_devices WHERE device_access_group_id = ${groupId} AND device_id = ${deviceId}`);
  await query(sql`DELETE FROM device_accesses WHERE device_access_group_id = ${groupId} AND device_id = ${deviceId}`);
}

// --- Trial licences ---

interface TrialRow {
  id: string;
  organisationId: string;
  limit: number;
  numberOfCases: number;
  dateCreated: string;
}

export async function listTrials(query: Query, organisationId: string | null, id?: string): Promise<TrialRow[]> {
  const rows = await query<TrialRow & { numberOfCases: string | number; dateCreated: Date | string }>(
    sql`SELECT t.id, t.organisation_id AS "organisationId", t."limit",
            (SELECT count(*) FROM cases c WHERE c.trial_id = t.id AND c.status <> ${CaseStatus.CANCELED})
              AS "numberOfCases",
            t.date_created AS "dateCreated"
       FROM trial_licenses t
      WHERE (${organisationId}::uuid IS NULL OR t.organisation_id = ${organisationId})
        AND (${id ?? null}::uuid IS NULL OR t.id = ${id ?? null})
      ORDER BY t.date_created, t.id`,
  );
  return rows.map((r) => ({
    ...r,
    numberOfCases: Number(r.numberOfCases),
    dateCreated: iso(r.dateCreated) ?? '',
  }));
}

export async function findTrial(query: Query, id: string): Promise<TrialRow | null> {
  const [row] = await listTrials(query, null, id);
  return row ?? null;
}

export async function insertTrial(query: Query, organisationId: string, limit: number): Promise<string> {
  const [row] = await query<{ id: string }>(
    sql`INSERT INTO trial_licenses (organisation_id, "limit") VALUES (${organisationId}, ${limit}) RETURNING id`,
  );
  return row?.id ?? '';
}

export async function updateTrialLimit(query: Query, id: string, limit: number): Promise<void> {
  await query(sql`UPDATE trial_licenses SET "limit" = ${limit} WHERE id = ${id}`);
}

/** Its device accesses go with it; cases ordered under it keep their orders (cases.trial_id is set null). */
export async function deleteTrial(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM trial_licenses WHERE id = ${id}`);
}
