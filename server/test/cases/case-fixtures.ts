import type { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import type { TestApp } from '../helpers/test-app.ts';

export const idOf = async (
  t: TestApp,
  table: 'organisations' | 'users' | 'interventions',
  where: string,
  value: string,
) => (await t.database.query<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} = $1`, [value]))[0]?.id ?? '';

export const orgId = (t: TestApp, code: string) => idOf(t, 'organisations', 'code', code);
export const userId = (t: TestApp, email: string) => idOf(t, 'users', 'email', email);
export const interventionId = (t: TestApp, prefix: string) => idOf(t, 'interventions', 'prefix', prefix);

export async function devicesOf(t: TestApp, prefix: string) {
  return t.database.query<{ id: string; name: string }>(
    `SELECT d.id, d.name FROM devices d JOIN interventions i ON i.id = d.intervention_id
      WHERE i.prefix = $1 ORDER BY d.name`,
    [prefix],
  );
}

let sequence = 0;

/**
 * A case written straight into the database in any status, for the tests of reading and transitions
 * (creating through the API is tested on its own).
 */
export async function insertCase(
  t: TestApp,
  options: {
    organisationCode?: string;
    prefix?: string;
    createdBy?: string;
    status?: CaseStatus;
    isResearch?: boolean;
    patientIdentifier?: string;
    orders?: { service: Service; status: OrderStatus }[];
  } = {},
): Promise<{ id: string; caseIdentifier: string; orderIds: string[] }> {
  const code = options.organisationCode ?? 'HVC';
  const prefix = options.prefix ?? 'TAVI';
  sequence += 1;
  const caseIdentifier = `${code}-${prefix}-T${String(sequence).padStart(4, '0')}`;
  const [row] = await t.database.query<{ id: string }>(
    `INSERT INTO cases (case_identifier, status, organisation_id, intervention_id, created_by_id, case_responsible_id,
                        is_research, patient_identifier, patient_age, patient_sex, expected_delivery_datetime)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, 70, 'M', now() + interval '10 days') RETURNING id`,
    [
      caseIdentifier,
      options.status ?? 0,
      await orgId(t, code),
      await interventionId(t, prefix),
      await userId(t, options.createdBy ?? 'physician@cardiomap.test'),
      options.isResearch ?? false,
      options.patientIdentifier ?? `PAT-${sequence}`,
    ],
  );
  const id = row?.id ?? '';
  const [device] = await devicesOf(t, prefix);
  const orderIds: string[] = [];
  for (const order of options.orders ?? [{ service: 0, status: 0 }]) {
    const [o] = await t.database.query<{ id: string }>(
      'INSERT INTO orders (case_id, service, status, is_initial) VALUES ($1, $2, $3, true) RETURNING id',
      [id, order.service, order.status],
    );
    orderIds.push(o?.id ?? '');
    await t.database.query('INSERT INTO order_devices (order_id, device_id, position) VALUES ($1, $2, 0)', [
      o?.id,
      device?.id,
    ]);
  }
  return { id, caseIdentifier, orderIds };
}

export const inDays = (days: number) => new Date(Date.now() + days * 864e5).toISOString();

/** A valid create payload for the physician's HVC: one TAVI anatomical analysis of the first device. */
export async function createPayload(t: TestApp, overrides: Record<string, unknown> = {}) {
  const [device] = await devicesOf(t, 'TAVI');
  return {
    patientInformation: { identifier: 'PATIENT-001', sex: 'F', age: 81 },
    physicianComment: 'Please measure the annulus.',
    organisationId: await orgId(t, 'HVC'),
    interventionDatetime: inDays(10),
    isProspective: true,
    expectedDeliveryDatetime: inDays(5),
    imagingDate: inDays(-1),
    orders: [{ service: 0, deviceIds: [device?.id], deviceVariantIds: [] }],
    ...overrides,
  };
}

/** Shares a case with a user the way the sharing module stores it. */
export async function shareWith(t: TestApp, caseId: string, email: string, sharedBy = 'physician@cardiomap.test') {
  await t.database.query('INSERT INTO shared_cases (case_id, user_id, email, shared_by_id) VALUES ($1, $2, $3, $4)', [
    caseId,
    await userId(t, email),
    email,
    await userId(t, sharedBy),
  ]);
}

export async function auditActions(t: TestApp, caseId: string) {
  return t.database.query<{ action: string; details: Record<string, unknown> }>(
    'SELECT action, details FROM audit_events WHERE target_id = $1 ORDER BY at, id',
    [caseId],
  );
}
