import type { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/** A case as stored, with the names the wire shows beside its ids. */
/** A timestamp column: a Date from a row, an ISO string from JSON (iso() takes both). */
type Timestamp = Date | string;

export interface CaseRow {
  id: string;
  caseIdentifier: string;
  status: CaseStatus;
  organisationId: string;
  organisationCode: string;
  organisationName: string;
  interventionId: string;
  interventionName: string;
  interventionPrefix: string;
  variantLimit: number;
  createdById: string;
  caseResponsibleId: string | null;
  responsibleEmail: string | null;
  responsibleName: string | null;
  trialId: string | null;
  isResearch: boolean;
  isProspective: boolean;
  allowDataProcessing: boolean;
  patientIdentifier: string;
  patientAge: number;
  patientSex: 'F' | 'M';
  hasUpdatedPatientIdentifier: boolean;
  physicianComment: string;
  analystComment: string;
  rejectionReasonId: string | null;
  rejectionReason: string | null;
  imagingDate: Timestamp | null;
  interventionDatetime: Timestamp | null;
  expectedDeliveryDatetime: Timestamp | null;
  dateCreated: Timestamp;
  dateSubmitted: Timestamp | null;
  dateCompleted: Timestamp | null;
  dateModified: Timestamp;
  studyId: string | null;
  /** A PDF report (uploaded or generated) has arrived in the case's study. */
  hasPdfReport: boolean;
  /** Uploads that arrived (confirmed). */
  inputDataIds: string[];
}

export interface OrderRow {
  id: string;
  caseId: string;
  service: Service;
  status: OrderStatus;
  isInitial: boolean;
  isClinical: boolean;
  dateCreated: Timestamp;
  devices: { id: string; name: string }[];
  variants: { id: string; name: string }[];
  degradationId: string | null;
  degradationReasonId: string | null;
  degradationRemark: string | null;
  deliveryId: string | null;
  deliveryIsObsoleted: boolean | null;
  deliveryDateCreated: Timestamp | null;
}

export interface ShareRow {
  id: string;
  caseId: string;
  userId: string | null;
  email: string;
  sharedById: string;
  sharedByEmail: string;
  sharedByName: string;
}

const CASE_COLUMNS = sql`
  c.id, c.case_identifier AS "caseIdentifier", c.status, c.organisation_id AS "organisationId",
  o.code AS "organisationCode", o.name AS "organisationName",
  c.intervention_id AS "interventionId", i.name AS "interventionName", i.prefix AS "interventionPrefix",
  i.variant_limit AS "variantLimit", c.created_by_id AS "createdById", c.case_responsible_id AS "caseResponsibleId",
  ru.email AS "responsibleEmail", trim(ru.given_name || ' ' || ru.family_name) AS "responsibleName",
  c.trial_id AS "trialId", c.is_research AS "isResearch", c.is_prospective AS "isProspective",
  c.allow_data_processing AS "allowDataProcessing", c.patient_identifier AS "patientIdentifier",
  c.patient_age AS "patientAge", c.patient_sex AS "patientSex",
  c.has_updated_patient_identifier AS "hasUpdatedPatientIdentifier", c.physician_comment AS "physicianComment",
  c.analyst_comment AS "analystComment", c.rejection_reason_id AS "rejectionReasonId", rr.name AS "rejectionReason",
  c.imaging_date AS "imagingDate", c.intervention_datetime AS "interventionDatetime",
  c.expected_delivery_datetime AS "expectedDeliveryDatetime", c.date_created AS "dateCreated",
  c.date_submitted AS "dateSubmitted", c.date_completed AS "dateCompleted", c.date_modified AS "dateModified",
  (SELECT st.id FROM studies st WHERE st.case_id = c.id) AS "studyId",
  EXISTS (SELECT 1 FROM studies st JOIN study_resources sr ON sr.study_id = st.id
           WHERE st.case_id = c.id AND sr.type = 3 AND sr.size IS NOT NULL) AS "hasPdfReport",
  (SELECT COALESCE(json_agg(d.id ORDER BY d.date_created, d.id), '[]'::json) FROM input_data d
    WHERE d.case_id = c.id AND d.upload_successful) AS "inputDataIds"`;

const CASE_JOINS = sql`
  JOIN organisations o ON o.id = c.organisation_id
  JOIN interventions i ON i.id = c.intervention_id
  LEFT JOIN users ru ON ru.id = c.case_responsible_id
  LEFT JOIN rejection_reasons rr ON rr.id = c.rejection_reason_id`;

export function loadCaseRows(query: Query, ids: readonly string[]): Promise<CaseRow[]> {
  return query<CaseRow>(
    sql`SELECT ${CASE_COLUMNS} FROM cases c ${CASE_JOINS} WHERE c.id = ANY(${sql.param(ids)}::uuid[])`,
    'cases_rows',
  );
}

/**
 * Every order of the given cases with its devices, sizes, degradation and latest delivery (no query per
 * order), in creation order within a case.
 */
const orderRows = (caseIds: readonly string[]) => sql`
  SELECT json_agg(o ORDER BY o."caseId", o."dateCreated", o.service, o.id) FROM (
    SELECT o.id, o.case_id AS "caseId", o.service, o.status, o.is_initial AS "isInitial",
           o.is_clinical AS "isClinical", o.date_created AS "dateCreated",
           COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY od.position, d.name)
                       FROM order_devices od JOIN devices d ON d.id = od.device_id
                      WHERE od.order_id = o.id), '[]'::json) AS devices,
           COALESCE((SELECT json_agg(json_build_object('id', v.id, 'name', v.name) ORDER BY v.name::numeric, v.id)
                       FROM order_device_variants ov JOIN device_variants v ON v.id = ov.device_variant_id
                      WHERE ov.order_id = o.id), '[]'::json) AS variants,
           dg.id AS "degradationId", dg.reason_id AS "degradationReasonId", dg.remark AS "degradationRemark",
           dl.id AS "deliveryId", dl.is_obsoleted AS "deliveryIsObsoleted", dl.date_created AS "deliveryDateCreated"
      FROM orders o
      LEFT JOIN degradations dg ON dg.order_id = o.id
      LEFT JOIN LATERAL (
        SELECT id, is_obsoleted, date_created FROM deliveries
         WHERE order_id = o.id ORDER BY date_created DESC, id DESC LIMIT 1
      ) dl ON true
     WHERE o.case_id = ANY(${sql.param(caseIds)}::uuid[])) o`;

const shareRows = (caseIds: readonly string[]) => sql`
  SELECT json_agg(json_build_object('id', s.id, 'caseId', s.case_id, 'userId', s.user_id, 'email', s.email,
                                    'sharedById', s.shared_by_id, 'sharedByEmail', sb.email,
                                    'sharedByName', trim(sb.given_name || ' ' || sb.family_name))
                  ORDER BY s.date_created, s.id)
    FROM shared_cases s JOIN users sb ON sb.id = s.shared_by_id
   WHERE s.case_id = ANY(${sql.param(caseIds)}::uuid[])`;

/**
 * The cases, their orders and their shares in one statement, as JSON: one round trip instead of three,
 * which is most of what a page of the case list costs (bench/cases).
 */
export async function loadCasePage(
  query: Query,
  ids: readonly string[],
): Promise<{ cases: CaseRow[]; orders: OrderRow[]; shares: ShareRow[] }> {
  const [page] = await query<{ cases: CaseRow[] | null; orders: OrderRow[] | null; shares: ShareRow[] | null }>(
    sql`SELECT (SELECT json_agg(r) FROM (SELECT ${CASE_COLUMNS} FROM cases c ${CASE_JOINS}
      WHERE c.id = ANY(${sql.param(ids)}::uuid[])) r)
              AS cases,
            (${orderRows(ids)}) AS orders, (${shareRows(ids)}) AS shares`,
    'cases_page',
  );
  return { cases: page?.cases ?? [], orders: page?.orders ?? [], shares: page?.shares ?? [] };
}
