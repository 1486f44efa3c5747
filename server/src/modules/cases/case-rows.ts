import type { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import type { Query } from './sql-helpers.ts';

/** A case as stored, with the names the wire shows beside its ids. */
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
  imagingDate: Date | null;
  interventionDatetime: Date | null;
  expectedDeliveryDatetime: Date | null;
  dateCreated: Date;
  dateSubmitted: Date | null;
  dateCompleted: Date | null;
  dateModified: Date;
}

export interface OrderRow {
  id: string;
  caseId: string;
  service: Service;
  status: OrderStatus;
  isInitial: boolean;
  isClinical: boolean;
  dateCreated: Date;
  devices: { id: string; name: string }[];
  variants: { id: string; name: string }[];
  degradationId: string | null;
  degradationReasonId: string | null;
  degradationRemark: string | null;
  deliveryId: string | null;
  deliveryIsObsoleted: boolean | null;
  deliveryDateCreated: Date | null;
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

export const CASE_COLUMNS = `
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
  c.date_submitted AS "dateSubmitted", c.date_completed AS "dateCompleted", c.date_modified AS "dateModified"`;

export const CASE_JOINS = `
  JOIN organisations o ON o.id = c.organisation_id
  JOIN interventions i ON i.id = c.intervention_id
  LEFT JOIN users ru ON ru.id = c.case_responsible_id
  LEFT JOIN rejection_reasons rr ON rr.id = c.rejection_reason_id`;

export function loadCaseRows(query: Query, ids: readonly string[]): Promise<CaseRow[]> {
  return query<CaseRow>(
    `SELECT ${CASE_COLUMNS} FROM cases c ${CASE_JOINS} WHERE c.id = ANY($1::uuid[])`,
    [ids],
    'cases_rows',
  );
}

/**
 * Every order of the given cases with its devices, sizes, degradation and latest delivery, in one
 * statement (no query per order). Orders of one case come in creation order.
 */
export function loadOrderRows(query: Query, caseIds: readonly string[]): Promise<OrderRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return query<OrderRow>(
    `
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
     WHERE o.case_id = ANY($1::uuid[])
     ORDER BY o.case_id, o.date_created, o.service, o.id`,
    [caseIds],
    'cases_order_rows',
  );
}

export function loadShareRows(query: Query, caseIds: readonly string[]): Promise<ShareRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return query<ShareRow>(
    `
    SELECT s.id, s.case_id AS "caseId", s.user_id AS "userId", s.email, s.shared_by_id AS "sharedById",
           sb.email AS "sharedByEmail", trim(sb.given_name || ' ' || sb.family_name) AS "sharedByName"
      FROM shared_cases s JOIN users sb ON sb.id = s.shared_by_id
     WHERE s.case_id = ANY($1::uuid[])
     ORDER BY s.date_created, s.id`,
    [caseIds],
    'cases_share_rows',
  );
}
