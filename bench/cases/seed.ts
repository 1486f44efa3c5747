// Seeds the case-list bench on a migrated database holding the reference and demo data: organisations
// with a physician each, and the cases of seed-rows.ts inserted column-wise through unnest() in batches.
import { Service } from '@cardiomap/contract';
import type { Database } from '../../server/src/db/client.ts';
import { type BenchOrganisation, type CatalogueEntry, generateSeedRows, type SeedRows } from './seed-rows.ts';

const BATCH = 25_000;
const SUPERUSER_EMAIL = 'superuser@cardiomap.test';

export interface SeededBench {
  organisations: BenchOrganisation[];
  /** Member of the first two bench organisations, so the organisation filter applies to them. */
  memberEmail: string;
  cases: number;
}

/**
 * Three capital letters, unique, never a demo code (HVC, NCL, BHI, MHA all start with other letters):
 * P..W, then A..Z, then a letter that varies so codes do not look alike.
 */
export const organisationCode = (n: number): string =>
  String.fromCharCode(80 + Math.floor(n / 26), 65 + (n % 26), 65 + ((n * 7 + 3) % 26));

async function insertOrganisations(database: Database, count: number): Promise<BenchOrganisation[]> {
  if (count > 8 * 26) throw new Error('At most 208 bench organisations have distinct codes');
  const codes = Array.from({ length: count }, (_, n) => organisationCode(n));
  const [superuser] = await database.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE email = $1',
    [SUPERUSER_EMAIL],
  );
  if (!superuser) throw new Error(`The demo user ${SUPERUSER_EMAIL} is missing: seed the demo data first`);
  const orgs = await database.query<{ id: string; code: string }>(
    `INSERT INTO organisations (code, name, country, region_id)
     SELECT code, 'Cardiology Centre ' || code, 'NL', (SELECT id FROM regions ORDER BY name LIMIT 1)
       FROM unnest($1::text[]) AS t(code)
     RETURNING id, code`,
    [codes],
  );
  const emails = codes.map((code) => `physician-${code.toLowerCase()}@bench.cardiomap.test`);
  // Same password as the demo users, so any of them can sign in with DEMO_PASSWORD.
  const users = await database.query<{ id: string; email: string }>(
    `INSERT INTO users (email, password_hash, given_name, family_name, title, has_approved_terms, previously_approved)
     SELECT email, $2, 'Bench', 'Physician ' || upper(split_part(split_part(email, '@', 1), '-', 2)), 'Dr.', true, true
       FROM unnest($1::text[]) AS t(email)
     RETURNING id, email`,
    [emails, superuser.password_hash],
  );
  const userId = new Map(users.map((u) => [u.email, u.id]));
  const orgId = new Map(orgs.map((o) => [o.code, o.id]));
  const organisations = codes.map((code, n) => ({
    id: orgId.get(code)!,
    code,
    physicianId: userId.get(emails[n]!)!,
    physicianEmail: emails[n]!,
  }));
  const [first, second] = organisations;
  if (!first || !second) throw new Error('The bench needs at least two organisations');
  await database.query(
    `INSERT INTO organisation_memberships (organisation_id, user_id, is_primary, contact)
     SELECT org, member, primary_org, primary_org
       FROM unnest($1::uuid[], $2::uuid[], $3::boolean[]) AS t(org, member, primary_org)`,
    [
      [...organisations.map((o) => o.id), second.id],
      [...organisations.map((o) => o.physicianId), first.physicianId],
      [...organisations.map(() => true), false],
    ],
  );
  await database.query(
    `INSERT INTO group_memberships (group_id, user_id)
     SELECT (SELECT id FROM groups WHERE name = 'Physician'), member FROM unnest($1::uuid[]) AS t(member)`,
    [organisations.map((o) => o.physicianId)],
  );
  return organisations;
}

async function loadCatalogue(database: Database): Promise<CatalogueEntry[]> {
  const rows = await database.query<{ interventionId: string; prefix: string; deviceId: string; simulation: boolean }>(
    `SELECT i.id AS "interventionId", i.prefix, d.id AS "deviceId",
            EXISTS (SELECT 1 FROM device_services s WHERE s.device_id = d.id AND s.service = $1) AS simulation
       FROM interventions i JOIN devices d ON d.intervention_id = i.id
      ORDER BY i.prefix, d.name`,
    [Service.SIMULATION],
  );
  const byPrefix = new Map<string, CatalogueEntry>();
  for (const row of rows) {
    const entry = byPrefix.get(row.prefix) ?? { interventionId: row.interventionId, prefix: row.prefix, devices: [] };
    entry.devices.push({ id: row.deviceId, simulation: row.simulation });
    byPrefix.set(row.prefix, entry);
  }
  return [...byPrefix.values()];
}

/** Runs `statement` once per batch of rows, each parameter being the batch's slice of one column. */
async function insertColumns(database: Database, statement: string, columns: unknown[][]): Promise<void> {
  const length = columns[0]?.length ?? 0;
  for (let start = 0; start < length; start += BATCH) {
    await database.query(
      statement,
      columns.map((column) => column.slice(start, start + BATCH)),
    );
  }
}

async function insertRows(database: Database, rows: SeedRows): Promise<void> {
  const { cases, orders, orderDevices, deliveries, shares } = rows;
  await insertColumns(
    database,
    `INSERT INTO cases (id, case_identifier, status, organisation_id, intervention_id, created_by_id,
                        patient_identifier, patient_age, patient_sex, date_created, date_submitted, date_completed,
                        date_modified, imaging_date, intervention_datetime, expected_delivery_datetime)
     SELECT id, ident, status, org, intervention, creator, patient, age, sex, created, submitted, completed,
            coalesce(completed, submitted, created), created - interval '2 days', created + interval '10 days',
            created + interval '2 days'
       FROM unnest($1::uuid[], $2::text[], $3::smallint[], $4::uuid[], $5::uuid[], $6::uuid[], $7::text[],
                   $8::smallint[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
         AS t(id, ident, status, org, intervention, creator, patient, age, sex, created, submitted, completed)`,
    [
      cases.id,
      cases.caseIdentifier,
      cases.status,
      cases.organisationId,
      cases.interventionId,
      cases.createdById,
      cases.patientIdentifier,
      cases.patientAge,
      cases.patientSex,
      cases.dateCreated,
      cases.dateSubmitted,
      cases.dateCompleted,
    ],
  );
  await insertColumns(
    database,
    `INSERT INTO orders (id, case_id, service, status, is_initial, date_created, date_modified)
     SELECT id, case_id, service, status, true, created, created
       FROM unnest($1::uuid[], $2::uuid[], $3::smallint[], $4::smallint[], $5::timestamptz[])
         AS t(id, case_id, service, status, created)`,
    [orders.id, orders.caseId, orders.service, orders.status, orders.dateCreated],
  );
  await insertColumns(
    database,
    `INSERT INTO order_devices (order_id, device_id, position)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::smallint[])`,
    [orderDevices.orderId, orderDevices.deviceId, orderDevices.position],
  );
  await insertColumns(
    database,
    `INSERT INTO deliveries (order_id, date_created) SELECT * FROM unnest($1::uuid[], $2::timestamptz[])`,
    [deliveries.orderId, deliveries.dateCreated],
  );
  await insertColumns(
    database,
    `INSERT INTO shared_cases (case_id, user_id, email, shared_by_id, date_created)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::timestamptz[])`,
    [shares.caseId, shares.userId, shares.email, shares.sharedById, shares.dateCreated],
  );
}

/**
 * Runs `load` with the tables' secondary indexes (those not behind a constraint) dropped, then builds
 * them again from their stored definitions: one sort per index instead of 100,000 insertions into it.
 */
async function withoutSecondaryIndexes(database: Database, tables: string[], load: () => Promise<void>) {
  const indexes = await database.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const index of indexes) await database.query(`DROP INDEX "${index.name}"`);
  await load();
  for (const index of indexes) await database.query(index.definition);
}

export async function seedBenchCases(
  database: Database,
  options: { cases: number; organisations: number },
): Promise<SeededBench> {
  const organisations = await insertOrganisations(database, options.organisations);
  const rows = generateSeedRows(options.cases, organisations, await loadCatalogue(database));
  await withoutSecondaryIndexes(database, ['cases', 'orders', 'order_devices', 'deliveries', 'shared_cases'], () =>
    insertRows(database, rows),
  );
  // New cases of a bench organisation continue the identifiers' sequences.
  await database.query(
    `INSERT INTO case_identifier_counters (organisation_id, intervention_id, last_value)
     SELECT organisation_id, intervention_id, count(*) FROM cases WHERE organisation_id = ANY($1::uuid[])
      GROUP BY organisation_id, intervention_id`,
    [organisations.map((o) => o.id)],
  );
  // As autovacuum would have long done on a real installation: statistics, a visibility map for index-only
  // scans, and the case list's counters without the dead rows every batch left.
  const tables = ['cases', 'orders', 'order_devices', 'deliveries', 'shared_cases', 'organisations', 'users'];
  for (const table of [...tables, 'case_counts', 'case_month_counts']) {
    await database.query(`VACUUM ANALYZE ${table}`);
  }
  return { organisations, memberEmail: organisations[0]!.physicianEmail, cases: options.cases };
}
