import { CaseStatus, type OrderStatus, type PatientInformation } from '@cardiomap/contract';
import { CASE_RESPONSIBLE_PERMISSION } from '@cardiomap/domain';
import { sql } from 'drizzle-orm';
import { holdsPermission } from '../../access/permission-sql.ts';
import type { Query } from '../../db/query.ts';

/** What the ingest job needs of its case: the pseudonym, the de-identification secret and the status. */
export interface IngestFacts {
  caseIdentifier: string;
  deidSecret: string;
  status: CaseStatus;
  /** The intervention's code ('TAVI', 'LAAO', 'TMVR', …): it decides the default cardiac phase (issue 28). */
  intervention: string;
}

export async function findIngestFacts(query: Query, caseId: string): Promise<IngestFacts | undefined> {
  const [row] = await query<IngestFacts>(
    sql`SELECT c.case_identifier AS "caseIdentifier", c.deid_secret::text AS "deidSecret", c.status,
            i.prefix AS intervention
       FROM cases c JOIN interventions i ON i.id = c.intervention_id
      WHERE c.id = ${caseId}`,
  );
  return row;
}

/** Next number of the readable identifier, atomically per organisation and intervention. */
export async function nextCaseSequence(query: Query, organisationId: string, interventionId: string): Promise<number> {
  const [row] = await query<{ lastValue: number }>(
    sql`INSERT INTO case_identifier_counters AS k (organisation_id, intervention_id, last_value)
      VALUES (${organisationId},
      ${interventionId}, 1)
     ON CONFLICT (organisation_id, intervention_id) DO UPDATE SET last_value = k.last_value + 1
     RETURNING last_value AS "lastValue"`,
  );
  return Number(row?.lastValue);
}

export async function organisationCode(query: Query, organisationId: string): Promise<string> {
  const [row] = await query<{ code: string }>(sql`SELECT code FROM organisations WHERE id = ${organisationId}`);
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
    sql`INSERT INTO cases (case_identifier, organisation_id, intervention_id, created_by_id, case_responsible_id,
                        trial_id, is_research, is_prospective, patient_identifier, patient_age, patient_sex,
                        physician_comment, imaging_date, intervention_datetime, expected_delivery_datetime,
                        allow_data_processing)
     SELECT ${c.caseIdentifier}, ${c.organisationId}, ${c.interventionId}, ${c.createdById}, ${c.caseResponsibleId},
       ${c.trialId}, ${c.isResearch}, ${c.isProspective}, ${c.patient.identifier}, ${c.patient.age}, ${c.patient.sex},
       ${c.physicianComment}, ${c.imagingDate}, ${c.interventionDatetime},
       ${c.expectedDeliveryDatetime}, o.allow_data_processing
       FROM organisations o WHERE o.id = ${c.organisationId}
     RETURNING id`,
  );
  if (!row) throw new Error('The case could not be stored');
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
  // The column names are CaseChanges' keys, never caller text.
  const sets = Object.entries(changes).map(([column, value]) => sql`${sql.identifier(column)} = ${value ?? null}`);
  await query(sql`UPDATE cases SET ${sql.join([...sets, sql`date_modified = now()`], sql`, `)} WHERE id = ${caseId}`);
}

/** What a transition decides on: the case locked for the rest of the transaction, and its orders. */
export interface LockedCaseFacts {
  status: CaseStatus;
  isResearch: boolean;
  organisationId: string;
  orders: { status: OrderStatus }[];
}

export async function lockCaseFacts(query: Query, caseId: string): Promise<LockedCaseFacts | undefined> {
  const [row] = await query<Omit<LockedCaseFacts, 'orders'>>(
    sql`SELECT status, is_research AS "isResearch", organisation_id AS "organisationId"
          FROM cases WHERE id = ${caseId} FOR UPDATE`,
  );
  if (!row) return undefined;
  const orders = await query<{ status: OrderStatus }>(sql`SELECT status FROM orders WHERE case_id = ${caseId}`);
  return { ...row, orders };
}

/**
 * Writes a case transition only if the case is still in one of the `from` statuses; answers whether it
 * did. Only `applyCaseTransition` calls it: every other writer of `cases.status` goes through that door.
 */
export async function applyTransition(
  query: Query,
  caseId: string,
  from: readonly CaseStatus[],
  to: CaseStatus,
  extra: { analystComment?: string; rejectionReasonId?: string; dateCompleted: 'now' | 'clear' | 'keep' },
): Promise<boolean> {
  const dateCompleted =
    extra.dateCompleted === 'now' ? sql`now()` : extra.dateCompleted === 'clear' ? sql`NULL` : sql`date_completed`;
  const rows = await query<{ id: string }>(
    // A case's submission is dated once, by its first upload; a later one (reprocessing) keeps the date.
    sql`UPDATE cases SET status = ${to}, date_modified = now(), date_completed = ${dateCompleted},
            date_submitted = ${to === CaseStatus.SUBMITTED ? sql`COALESCE(date_submitted, now())` : sql`date_submitted`},
            analyst_comment = COALESCE(${extra.analystComment ?? null}, analyst_comment),
            rejection_reason_id = COALESCE(${extra.rejectionReasonId ?? null}, rejection_reason_id)
      WHERE id = ${caseId} AND status = ANY(${sql.param(from)}::smallint[]) RETURNING id`,
  );
  return rows.length === 1;
}

export async function rejectionReasonExists(query: Query, reasonId: string): Promise<boolean> {
  return (await query(sql`SELECT 1 FROM rejection_reasons WHERE id = ${reasonId}`)).length > 0;
}

/**
 * Whether the user may be made responsible for a case of the organisation: an active member ('member'),
 * who may request analyses too ('responsible', CASE_RESPONSIBLE_PERMISSION), or neither ('outsider').
 */
export async function responsibleStanding(
  query: Query,
  userId: string,
  organisationId: string,
): Promise<'responsible' | 'member' | 'outsider'> {
  const [row] = await query<{ maySubmit: boolean }>(
    sql`SELECT ${holdsPermission(sql`u.id`, CASE_RESPONSIBLE_PERMISSION)} AS "maySubmit"
          FROM organisation_memberships m JOIN users u ON u.id = m.user_id
         WHERE m.user_id = ${userId} AND m.organisation_id = ${organisationId} AND u.is_active`,
  );
  if (!row) return 'outsider';
  return row.maySubmit ? 'responsible' : 'member';
}

/** From now on the case counts against this trial licence (its first order under the trial). */
export async function setCaseTrial(query: Query, caseId: string, trialId: string): Promise<void> {
  await query(sql`UPDATE cases SET trial_id = ${trialId}, date_modified = now() WHERE id = ${caseId}`);
}
