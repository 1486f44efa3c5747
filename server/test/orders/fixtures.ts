import { randomBytes } from 'node:crypto';
import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import type { TestApp } from '../helpers/test-app.ts';

/** Catalogue ids (stable, see server/src/db/seed/catalogue-data.ts). */
export const DEVICE = {
  sapien3Ultra: '00000000-0000-4000-8000-00000000d001',
  sapien3: '00000000-0000-4000-8000-00000000d002',
  evolut: '00000000-0000-4000-8000-00000000d003',
  navitor: '00000000-0000-4000-8000-00000000d004',
  watchman: '00000000-0000-4000-8000-00000000d101',
  amulet: '00000000-0000-4000-8000-00000000d102',
  tendyne: '00000000-0000-4000-8000-00000000d201',
} as const;

export interface FixtureOrder {
  service?: number;
  status?: number;
  devices: string[];
  variantNames?: string[];
}

export interface FixtureCase {
  org: string;
  prefix: string;
  status?: number;
  isResearch?: boolean;
  createdBy?: string;
  patientIdentifier?: string;
  orders: FixtureOrder[];
}

const one = async <T>(t: TestApp, sql: string, params: unknown[]): Promise<T> => {
  const [row] = await t.database.query<T>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
};

export const idOf = async (t: TestApp, table: 'organisations' | 'interventions', column: string, value: string) =>
  (await one<{ id: string }>(t, `SELECT id FROM ${table} WHERE ${column} = $1`, [value])).id;

export const userId = async (t: TestApp, email: string) =>
  (await one<{ id: string }>(t, 'SELECT id FROM users WHERE email = $1', [email])).id;

/**
 * A case straight in the database, in whatever status a test needs (the ingest job moves cases to
 * IN_PROGRESS in the real flow; here that is test setup).
 */
export async function insertCase(t: TestApp, spec: FixtureCase): Promise<{ caseId: string; orderIds: string[] }> {
  const organisationId = await idOf(t, 'organisations', 'code', spec.org);
  const interventionId = await idOf(t, 'interventions', 'prefix', spec.prefix);
  const createdById = await userId(t, spec.createdBy ?? 'physician@cardiomap.test');
  const { id: caseId } = await one<{ id: string }>(
    t,
    `INSERT INTO cases (case_identifier, status, organisation_id, intervention_id, created_by_id, case_responsible_id,
                        is_research, patient_identifier, patient_age, patient_sex, expected_delivery_datetime)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, 70, 'F', now() + interval '5 days') RETURNING id`,
    [
      `${spec.org}-${spec.prefix}-T${randomBytes(4).toString('hex')}`,
      spec.status ?? CaseStatus.IN_PROGRESS,
      organisationId,
      interventionId,
      createdById,
      spec.isResearch ?? false,
      spec.patientIdentifier ?? `PAT-${randomBytes(3).toString('hex')}`,
    ],
  );
  const orderIds: string[] = [];
  for (const order of spec.orders) {
    const { id } = await one<{ id: string }>(
      t,
      'INSERT INTO orders (case_id, service, status, is_initial) VALUES ($1, $2, $3, true) RETURNING id',
      [caseId, order.service ?? Service.ANATOMICAL, order.status ?? OrderStatus.IN_PROGRESS],
    );
    for (const [position, deviceId] of order.devices.entries()) {
      await t.database.query('INSERT INTO order_devices (order_id, device_id, position) VALUES ($1, $2, $3)', [
        id,
        deviceId,
        position,
      ]);
    }
    for (const name of order.variantNames ?? []) {
      await t.database.query(
        `INSERT INTO order_device_variants (order_id, device_variant_id)
         SELECT $1, id FROM device_variants WHERE device_id = $2 AND name = $3`,
        [id, order.devices[0], name],
      );
    }
    orderIds.push(id);
  }
  return { caseId, orderIds };
}

export const caseStatus = async (t: TestApp, caseId: string) =>
  await one<{ status: number; dateCompleted: Date | null }>(
    t,
    'SELECT status, date_completed AS "dateCompleted" FROM cases WHERE id = $1',
    [caseId],
  );

export const orderStatus = async (t: TestApp, orderId: string) =>
  await one<{ status: number; isClinical: boolean }>(
    t,
    'SELECT status, is_clinical AS "isClinical" FROM orders WHERE id = $1',
    [orderId],
  );

export const auditActions = async (t: TestApp, targetId: string) =>
  (
    await t.database.query<{ action: string; details: Record<string, unknown> }>(
      'SELECT action, details FROM audit_events WHERE target_id = $1 ORDER BY at, id',
      [targetId],
    )
  ).map((row) => ({ action: row.action, details: row.details }));

/** Gives a demo user extra permissions through a group of their own (roles are only seeded sets). */
export async function grantPermissions(t: TestApp, email: string, codenames: string[]): Promise<void> {
  const group = await one<{ id: number }>(t, 'INSERT INTO groups (name) VALUES ($1) RETURNING id', [
    `test-${randomBytes(4).toString('hex')}`,
  ]);
  await t.database.query(
    'INSERT INTO group_permissions (group_id, permission_id) SELECT $1, id FROM permissions WHERE codename = ANY($2)',
    [group.id, codenames],
  );
  await t.database.query('INSERT INTO group_memberships (group_id, user_id) VALUES ($1, $2)', [
    group.id,
    await userId(t, email),
  ]);
}
