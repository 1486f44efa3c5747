import type { CaseStatus, OrderStatus, PatientInformation, Service } from '@cardiomap/contract';
import type { Query } from '../../db/query.ts';

/** Next number of the readable identifier, atomically per organisation and intervention. */
export async function nextCaseSequence(query: Query, organisationId: string, interventionId: string): Promise<number> {
  const [row] = await query<{ lastValue: number }>(
    `INSERT INTO case_identifier_counters AS k (organisation_id, intervention_id, last_value) VALUES ($1, $2, 1)
     ON CONFLICT (organisation_id, intervention_id) DO UPDATE SET last_value = k.last_value + 1
     RETURNING last_value AS "lastValue"`,
    [organisationId, interventionId],
  );
  return Number(row?.lastValue);
}

export async function organisationCode(query: Query, organisationId: string): Promise<string> {
  const [row] = await query<{ code: string }>('SELECT code FROM organisations WHERE id = $1', [organisationId]);
  return row?.code ?? '';
}

export interface NewCase {
  caseIdentifier: string;
  organisationId: string;
  interventionId: string;
  createdById: string;
  caseResponsibleId: string;
  trialId: string | null;
  isResearch: boolean;
  isProspective: boolean;
  patient: PatientInformation;
  physicianComment: string;
  imagingDate: string | null;
  interventionDatetime: string | null;
  expectedDeliveryDatetime: string;
}

export async function insertCase(query: Query, c: NewCase): Promise<string> {
  const [row] = await query<{ id: string }>(
    `INSERT INTO cases (case_identifier, organisation_id, intervention_id, created_by_id, case_responsible_id,
                        trial_id, is_research, is_prospective, patient_identifier, patient_age, patient_sex,
                        physician_comment, imaging_date, intervention_datetime, expected_delivery_datetime,
                        allow_data_processing)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, o.allow_data_processing
       FROM organisations o WHERE o.id = $2
     RETURNING id`,
    [
      c.caseIdentifier,
      c.organisationId,
      c.interventionId,
      c.createdById,
      c.caseResponsibleId,
      c.trialId,
      c.isResearch,
      c.isProspective,
      c.patient.identifier,
      c.patient.age,
      c.patient.sex,
      c.physicianComment,
      c.imagingDate,
      c.interventionDatetime,
      c.expectedDeliveryDatetime,
    ],
  );
  if (!row) throw new Error('The case could not be stored');
  return row.id;
}

export interface NewOrder {
  service: Service;
  status: OrderStatus;
  isInitial: boolean;
  isClinical: boolean;
  deviceIds: readonly string[];
  deviceVariantIds: readonly string[];
}

/** An order with its devices (in the order chosen) and sizes. */
export async function insertOrder(query: Query, caseId: string, order: NewOrder): Promise<string> {
  const [row] = await query<{ id: string }>(
    'INSERT INTO orders (case_id, service, status, is_initial, is_clinical) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [caseId, order.service, order.status, order.isInitial, order.isClinical],
  );
  if (!row) throw new Error('The order could not be stored');
  await query(
    `INSERT INTO order_devices (order_id, device_id, position)
     SELECT $1, d.id, d.position - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS d(id, position)`,
    [row.id, order.deviceIds],
  );
  if (order.deviceVariantIds.length > 0) {
    await query('INSERT INTO order_device_variants (order_id, device_variant_id) SELECT $1, unnest($2::uuid[])', [
      row.id,
      order.deviceVariantIds,
    ]);
  }
  return row.id;
}

/** Column → value of an edit; only the columns named are written. */
export type CaseChanges = Partial<{
  physician_comment: string;
  is_prospective: boolean;
  is_research: boolean;
  patient_identifier: string;
  patient_age: number;
  patient_sex: string;
  has_updated_patient_identifier: boolean;
  allow_data_processing: boolean;
  imaging_date: string | null;
  intervention_datetime: string | null;
  expected_delivery_datetime: string;
  case_responsible_id: string;
}>;

export async function updateCase(query: Query, caseId: string, changes: CaseChanges): Promise<void> {
  const entries = Object.entries(changes);
  const sets = entries.map(([column], index) => `${column} = $${index + 2}`);
  await query(`UPDATE cases SET ${[...sets, 'date_modified = now()'].join(', ')} WHERE id = $1`, [
    caseId,
    ...entries.map(([, value]) => value),
  ]);
}

/**
 * Applies a case transition only if the case is still in one of the `from` statuses: of two concurrent
 * requests exactly one changes the row. Answers whether this one did.
 */
export async function transitionCase(
  query: Query,
  caseId: string,
  from: readonly CaseStatus[],
  to: CaseStatus,
  extra: { analystComment?: string; rejectionReasonId?: string } = {},
): Promise<boolean> {
  const rows = await query<{ id: string }>(
    `UPDATE cases SET status = $3, date_modified = now(),
            analyst_comment = COALESCE($4, analyst_comment), rejection_reason_id = COALESCE($5, rejection_reason_id)
      WHERE id = $1 AND status = ANY($2::smallint[]) RETURNING id`,
    [caseId, from, to, extra.analystComment ?? null, extra.rejectionReasonId ?? null],
  );
  return rows.length === 1;
}

/** Moves the case's orders in one of the `from` statuses to `to` (a canceled or rejected case's open orders). */
export async function transitionOrdersOfCase(
  query: Query,
  caseId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
): Promise<void> {
  await query(
    'UPDATE orders SET status = $3, date_modified = now() WHERE case_id = $1 AND status = ANY($2::smallint[])',
    [caseId, from, to],
  );
}

export async function rejectionReasonExists(query: Query, reasonId: string): Promise<boolean> {
  return (await query('SELECT 1 FROM rejection_reasons WHERE id = $1', [reasonId])).length > 0;
}
