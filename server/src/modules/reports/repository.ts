import { JobStatus, OrderStatus, StudyResourceType } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

type Timestamp = Date | string;

/** The study's case as the report's header prints it. */
export interface ReportCaseRow {
  studyId: string;
  caseId: string;
  caseIdentifier: string;
  status: number;
  organisationId: string;
  organisationName: string;
  interventionName: string;
  patientIdentifier: string;
  patientAge: number;
  patientSex: 'F' | 'M';
  analystComment: string;
}

export async function findReportCase(query: Query, studyId: string): Promise<ReportCaseRow | undefined> {
  const [row] = await query<ReportCaseRow>(
    sql`SELECT s.id AS "studyId", c.id AS "caseId", c.case_identifier AS "caseIdentifier", c.status,
               c.organisation_id AS "organisationId", o.name AS "organisationName", i.name AS "interventionName",
               c.patient_identifier AS "patientIdentifier", c.patient_age AS "patientAge",
               c.patient_sex AS "patientSex", c.analyst_comment AS "analystComment"
          FROM studies s JOIN cases c ON c.id = s.case_id
          JOIN organisations o ON o.id = c.organisation_id JOIN interventions i ON i.id = c.intervention_id
         WHERE s.id = ${studyId}`,
  );
  return row;
}

export interface ReportOrderRow {
  id: string;
  status: number;
  isClinical: boolean;
  devices: { id: string; name: string }[];
  variants: { deviceId: string; name: string }[];
  degradationRemark: string | null;
  deliveryId: string | null;
  deliveryIsObsoleted: boolean | null;
  deliveryDate: Timestamp | null;
}

/** The case's orders with devices, sizes, degradation and latest delivery, oldest first. */
export function reportOrders(query: Query, caseId: string): Promise<ReportOrderRow[]> {
  return query<ReportOrderRow>(
    sql`SELECT o.id, o.status, o.is_clinical AS "isClinical",
               COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY od.position, d.name)
                           FROM order_devices od JOIN devices d ON d.id = od.device_id
                          WHERE od.order_id = o.id), '[]'::json) AS devices,
               COALESCE((SELECT json_agg(json_build_object('deviceId', v.device_id, 'name', v.name)
                                         ORDER BY v.name::numeric)
                           FROM order_device_variants ov JOIN device_variants v ON v.id = ov.device_variant_id
                          WHERE ov.order_id = o.id), '[]'::json) AS variants,
               dg.remark AS "degradationRemark", dl.id AS "deliveryId", dl.is_obsoleted AS "deliveryIsObsoleted",
               dl.date_created AS "deliveryDate"
          FROM orders o
          LEFT JOIN degradations dg ON dg.order_id = o.id
          LEFT JOIN LATERAL (SELECT id, is_obsoleted, date_created FROM deliveries
                              WHERE order_id = o.id ORDER BY date_created DESC, id DESC LIMIT 1) dl ON true
         WHERE o.case_id = ${caseId}
         ORDER BY o.date_created, o.service, o.id`,
  );
}

export interface ReportLandmarkRow {
  id: string;
  name: string;
  landmarkTypeId: string | null;
  measurements: Record<string, number>;
  dateModified: Timestamp;
  /** Issue 28: the phase it was placed on; null: none recorded. Label null: a volume stored before phases. */
  phaseId: string | null;
  phaseLabel: string | null;
}

/** The study's published landmarks in the Details tab's order: predefined by type order, then custom. */
export function publishedLandmarks(query: Query, studyId: string): Promise<ReportLandmarkRow[]> {
  return query<ReportLandmarkRow>(
    sql`SELECT l.id, l.name, l.landmark_type_id AS "landmarkTypeId", l.measurements, l.date_modified AS "dateModified",
               l.phase_id AS "phaseId", p.phase_label AS "phaseLabel"
          FROM landmarks l JOIN analyses a ON a.id = l.analysis_id
          LEFT JOIN landmark_types t ON t.id = l.landmark_type_id
          LEFT JOIN study_resources p ON p.id = l.phase_id
         WHERE a.study_id = ${studyId} AND l.is_published
         ORDER BY (t.id IS NULL), t."order", l.date_created, l.id`,
  );
}

/** The pseudonymised study instance UID ingest recorded on the volume; null before ingest. */
export async function studyInstanceUid(query: Query, studyId: string): Promise<string | null> {
  const [row] = await query<{ uid: string | null }>(
    sql`SELECT attributes->>'studyInstanceUid' AS uid FROM study_resources
         WHERE study_id = ${studyId} AND type = ${StudyResourceType.DICOM_VOLUME}
         ORDER BY is_default_phase DESC, phase_index LIMIT 1`,
  );
  return row?.uid ?? null;
}

/** 'identified' carries patient details and is served only to who may see them. */
export type ReportVariant = 'identified' | 'deidentified';

export interface GeneratedReportRow {
  id: string;
  variant: ReportVariant;
  analysisKey: string;
  analysisVersion: number;
}

/** Every generated report of the study, newest first (old versions are kept, never overwritten). */
export function generatedReports(query: Query, studyId: string): Promise<GeneratedReportRow[]> {
  return query<GeneratedReportRow>(
    sql`SELECT id, attributes->>'variant' AS variant, attributes->>'analysisKey' AS "analysisKey",
               (attributes->>'analysisVersion')::int AS "analysisVersion"
          FROM study_resources
         WHERE study_id = ${studyId} AND type = ${StudyResourceType.PDF_REPORT}
           AND attributes->>'generated' = 'true' AND size IS NOT NULL
         ORDER BY date_created DESC, id DESC`,
  );
}

export interface ReportJobRow {
  id: string;
  status: number;
  summary: { outcome?: string; reasons?: string[]; progress?: number } | null;
  lastMessage: string | null;
}

/** The study's newest report job, to say whether one is under way and how the last one ended. */
export async function latestReportJob(query: Query, caseId: string): Promise<ReportJobRow | undefined> {
  const [row] = await query<ReportJobRow>(
    sql`SELECT j.id, j.status, j.summary, j.log->-1->>'message' AS "lastMessage"
          FROM jobs j JOIN job_types t ON t.id = j.job_type_id
         WHERE j.case_id = ${caseId} AND t.name = 'report'
         ORDER BY j.date_created DESC, j.id DESC LIMIT 1`,
  );
  return row;
}

/** A report job queued or running for the case: a new request joins it instead of queueing another. */
export async function pendingReportJob(query: Query, caseId: string): Promise<string | null> {
  const [row] = await query<{ id: string }>(
    sql`SELECT j.id FROM jobs j JOIN job_types t ON t.id = j.job_type_id
         WHERE j.case_id = ${caseId} AND t.name = 'report'
           AND j.status IN (${JobStatus.QUEUED}, ${JobStatus.RUNNING})
         ORDER BY j.date_created DESC LIMIT 1`,
  );
  return row?.id ?? null;
}

/**
 * A report job of the case not yet started: a change joins it, because it will read the state as
 * committed when it runs. A running job may have read the state before the change, so it is not joined.
 */
export async function queuedReportJob(query: Query, caseId: string): Promise<string | null> {
  const [row] = await query<{ id: string }>(
    sql`SELECT j.id FROM jobs j JOIN job_types t ON t.id = j.job_type_id
         WHERE j.case_id = ${caseId} AND t.name = 'report' AND j.status = ${JobStatus.QUEUED}
         ORDER BY j.date_created DESC LIMIT 1`,
  );
  return row?.id ?? null;
}

/** Whether the case has a delivered order now: only then does a report show its analysis. */
export async function caseHasDeliveredOrder(query: Query, caseId: string): Promise<boolean> {
  const [row] = await query<{ delivered: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM orders WHERE case_id = ${caseId} AND status = ${OrderStatus.DELIVERED}) AS delivered`,
  );
  return row?.delivered === true;
}

export async function studyIdOfCase(query: Query, caseId: string): Promise<string | null> {
  const [row] = await query<{ id: string }>(sql`SELECT id FROM studies WHERE case_id = ${caseId}`);
  return row?.id ?? null;
}
