import type { PatientInformation, patchCaseSchema } from '@cardiomap/contract';
import { mayEditCase, mayRequestPatientInformation, seesPatientDetails } from '@cardiomap/domain';
import type { z } from 'zod';
import { findVisibleCase, type VisibleCase } from '../../access/case-access.ts';
import type { Db } from '../../db/client.ts';
import { iso, queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, HttpError, ValidationError } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { caseDateErrors } from './case-dates.ts';
import { loadCaseRows } from './case-rows.ts';
import { type CaseChanges, updateCase } from './repository.ts';

type PatchBody = z.output<typeof patchCaseSchema>;
type Stored = NonNullable<Awaited<ReturnType<typeof loadCaseRows>>[number]>;

/** The columns a patch changes, with the wire names of the fields changed (for the audit trail). */
function changesOf(body: PatchBody, stored: Stored): { changes: CaseChanges; fields: string[] } {
  const changes: CaseChanges = {};
  const fields: string[] = [];
  const set = <K extends keyof CaseChanges>(field: string, column: K, next: CaseChanges[K], current: unknown) => {
    if (next === undefined || next === current) return;
    changes[column] = next;
    if (!fields.includes(field)) fields.push(field);
  };
  set('physicianComment', 'physician_comment', body.physicianComment, stored.physicianComment);
  set('isProspective', 'is_prospective', body.isProspective, stored.isProspective);
  set('isResearch', 'is_research', body.isResearch, stored.isResearch);
  set('allowDataProcessing', 'allow_data_processing', body.allowDataProcessing, stored.allowDataProcessing);
  const time = (value: string | null | undefined) => (value === undefined ? undefined : iso(value));
  set('imagingDate', 'imaging_date', time(body.imagingDate), iso(stored.imagingDate));
  set(
    'interventionDatetime',
    'intervention_datetime',
    time(body.interventionDatetime),
    iso(stored.interventionDatetime),
  );
  set(
    'expectedDeliveryDatetime',
    'expected_delivery_datetime',
    time(body.expectedDeliveryDatetime) ?? undefined,
    iso(stored.expectedDeliveryDatetime),
  );
  const patient = body.patientInformation;
  if (patient) {
    set('patientInformation', 'patient_identifier', patient.identifier, stored.patientIdentifier);
    set('patientInformation', 'patient_age', patient.age, stored.patientAge);
    set('patientInformation', 'patient_sex', patient.sex, stored.patientSex);
    if (changes.patient_identifier !== undefined) changes.has_updated_patient_identifier = true;
  }
  return { changes, fields };
}

/**
 * Dates are judged only when they change, or the intervention date when the prospective flag changes
 * (an old case keeps its past dates); the values checked are the ones the case will have.
 */
function datesToCheck(body: PatchBody, changes: CaseChanges, stored: Stored) {
  const interventionChanged = changes.intervention_datetime !== undefined || changes.is_prospective !== undefined;
  // The values as sent: their offset tells which day "today" is for the user.
  return {
    expectedDeliveryDatetime:
      changes.expected_delivery_datetime === undefined ? undefined : body.expectedDeliveryDatetime,
    interventionDatetime: interventionChanged
      ? body.interventionDatetime !== undefined
        ? body.interventionDatetime
        : iso(stored.interventionDatetime)
      : null,
    isProspective: changes.is_prospective ?? stored.isProspective,
  };
}

/**
 * PATCH cases/{id}/ (spec §5 "Edit case", §6): only who may edit the case. The audit names the fields
 * changed, never patient values.
 */
export async function editCase(db: Db, actor: Actor, caseId: string, body: PatchBody, ip: string, now: Date) {
  await db.transaction(async (tx) => {
    const query = queryOn(tx);
    const found = await findVisibleCase(tx, actor, caseId, { forUpdate: true });
    if (!mayEditCase(actor.permissions, found)) throw forbidden('You do not have permission to edit this case.');
    const [stored] = await loadCaseRows(query, [caseId]);
    if (!stored) return;
    const { changes, fields } = changesOf(body, stored);
    const dateErrors = caseDateErrors(datesToCheck(body, changes, stored), now);
    if (Object.keys(dateErrors).length) throw new ValidationError(dateErrors);
    if (fields.length === 0) return;
    await updateCase(query, caseId, changes);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'case.edit',
      targetType: 'case',
      targetId: caseId,
      organisationId: found.organisationId,
      ip,
      details: { fields },
    });
  });
}

const patientOf = (found: VisibleCase): PatientInformation => ({
  identifier: found.patientIdentifier,
  age: found.patientAge,
  sex: found.patientSex,
});

type PatientRoute = 'patient-information' | 'sensitive-data';

/**
 * Every request for a case's patient identifiers goes into the audit trail, answered or not: a refused
 * request (403, or 404 for a case the caller cannot see) is as telling as a granted one, e.g. someone
 * trying shared cases one after the other.
 */
async function auditedPatientRequest(
  db: Db,
  actor: Actor,
  caseId: string,
  route: PatientRoute,
  ip: string,
  allowed: (found: VisibleCase) => boolean,
  refusal: string,
): Promise<PatientInformation> {
  const audit = (found: VisibleCase | null, outcome: 'viewed' | 'refused', extra: Record<string, unknown> = {}) =>
    recordAudit(db, {
      actorId: actor.userId,
      action: outcome === 'viewed' ? 'case.patient_information_viewed' : 'case.patient_information_refused',
      targetType: 'case',
      targetId: caseId,
      organisationId: found?.organisationId ?? null,
      ip,
      details: { route, ...extra },
    });
  let found: VisibleCase;
  try {
    found = await findVisibleCase(db, actor, caseId);
  } catch (error) {
    if (error instanceof HttpError) await audit(null, 'refused', { status: error.statusCode });
    throw error;
  }
  if (!allowed(found)) {
    await audit(found, 'refused', { status: 403 });
    throw forbidden(refusal);
  }
  await audit(found, 'viewed');
  return patientOf(found);
}

/** GET cases/{id}/patient-information/: spec §6 "Requesting patient information", audited. */
export const requestPatientInformation = (db: Db, actor: Actor, caseId: string, ip: string) =>
  auditedPatientRequest(
    db,
    actor,
    caseId,
    'patient-information',
    ip,
    (found) => mayRequestPatientInformation(actor.permissions, found),
    'You do not have permission to request the patient information of this case.',
  );

/**
 * GET cases/{id}/sensitive-data/: the identifiers behind the "show sensitive data" toggle (a user who
 * hides patient identifiers by setting), for whoever sees patient details of the case anyway (domain
 * seesPatientDetails). Audited like patient-information/.
 */
export const sensitiveData = (db: Db, actor: Actor, caseId: string, ip: string) =>
  auditedPatientRequest(
    db,
    actor,
    caseId,
    'sensitive-data',
    ip,
    (found) => seesPatientDetails(actor.permissions, found),
    'You do not have permission to see the patient data of this case.',
  );
