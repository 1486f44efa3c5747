import type { Case, CaseStatus, Order } from '@cardiomap/contract';
import {
  type CaseActor,
  type CaseFacts,
  canBeCanceled,
  caseServices,
  hasDeliveredOrder,
  isRejectable,
  mayChangeRequestedDevices,
  mayEditCase,
  mayRequestPatientInformation,
  PERMISSIONS,
  seesPatientDetails,
} from '@cardiomap/domain';
import { accessDeniedTo, CASE_NOT_FOUND, findVisibleCase, sharedOnly } from '../../access/case-access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { iso, type Query, queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import { type CaseRow, loadCasePage, type OrderRow, type ShareRow } from './case-rows.ts';
import { unseenChanges } from './case-views-repository.ts';

function presentOrder(row: OrderRow): Order {
  return {
    id: row.id,
    caseId: row.caseId,
    service: row.service,
    status: row.status,
    deviceIds: row.devices.map((d) => d.id),
    deviceVariantIds: row.variants.map((v) => v.id),
    isInitial: row.isInitial,
    isClinical: row.isClinical,
    degradation: row.degradationId
      ? { id: row.degradationId, reasonId: row.degradationReasonId, remark: row.degradationRemark ?? '' }
      : null,
    delivery: row.deliveryId
      ? {
          id: row.deliveryId,
          isObsoleted: row.deliveryIsObsoleted ?? false,
          dateCreated: iso(row.deliveryDateCreated) ?? '',
        }
      : null,
    dateCreated: iso(row.dateCreated) ?? '',
  };
}

/** The first of each key, in order of first appearance. */
const uniqueBy = <T>(items: T[], key: (item: T) => string): T[] =>
  [...new Map(items.toReversed().map((item) => [key(item), item])).values()].reverse();

/** The Case of the wire for this actor: derived fields from packages/domain, patient details only if seen. */
export function presentCaseRow(
  actor: Actor,
  row: CaseRow,
  orderRows: OrderRow[],
  shareRows: ShareRow[],
  hasUnseenChange = false,
): Case {
  const isSharedToActor = sharedOnly(actor, row.organisationId);
  const facts: CaseFacts = { status: row.status, isResearch: row.isResearch, orders: orderRows };
  const caseActor: CaseActor = { permissions: actor.permissions, isSharedToActor };
  const patient = seesPatientDetails(actor.permissions, { isSharedToActor })
    ? { identifier: row.patientIdentifier, age: row.patientAge, sex: row.patientSex }
    : null;
  const shareToActor = shareRows.find((s) => s.userId === actor.userId);
  return {
    id: row.id,
    caseIdentifier: row.caseIdentifier,
    status: row.status,
    organisationId: row.organisationId,
    organisation: { id: row.organisationId, code: row.organisationCode, name: row.organisationName },
    interventionId: row.interventionId,
    intervention: {
      id: row.interventionId,
      name: row.interventionName,
      prefix: row.interventionPrefix,
      variantLimit: row.variantLimit,
    },
    orders: orderRows.map(presentOrder),
    services: caseServices(orderRows, row.status as CaseStatus),
    devices: uniqueBy(
      orderRows.flatMap((o) => o.devices),
      (d) => d.id,
    ),
    deviceVariantNames: uniqueBy(
      orderRows.flatMap((o) => o.variants),
      (v) => v.id,
    ).map((v) => v.name),
    studyId: row.studyId,
    inputDataIds: row.inputDataIds,
    sharedWith: shareRows.map((s) => ({ id: s.userId ?? s.id, email: s.email, isPending: s.userId === null })),
    sharedBy:
      isSharedToActor && shareToActor
        ? { id: shareToActor.sharedById, email: shareToActor.sharedByEmail, name: shareToActor.sharedByName }
        : null,
    isSharedToCurrentUser: isSharedToActor,
    caseResponsibleId: row.caseResponsibleId,
    caseResponsible:
      row.caseResponsibleId && row.responsibleEmail
        ? { id: row.caseResponsibleId, email: row.responsibleEmail, name: row.responsibleName ?? '' }
        : null,
    createdById: row.createdById,
    isResearch: row.isResearch,
    isProspective: row.isProspective,
    allowDataProcessing: row.allowDataProcessing,
    hasReport: row.hasPdfReport,
    hasPdfReport: row.hasPdfReport,
    hasDeliveredOrder: hasDeliveredOrder(facts),
    accessDenied: accessDeniedTo(actor, row),
    patientInformation: patient,
    patientIdentifier: patient?.identifier ?? null,
    patientAge: patient?.age ?? null,
    patientSex: patient?.sex ?? null,
    hasUpdatedPatientIdentifier: row.hasUpdatedPatientIdentifier,
    physicianComment: row.physicianComment,
    analystComment: row.analystComment,
    rejection: row.rejectionReasonId
      ? { reasonId: row.rejectionReasonId, reason: row.rejectionReason ?? '', comment: row.analystComment }
      : null,
    imagingDate: iso(row.imagingDate),
    interventionDatetime: iso(row.interventionDatetime),
    expectedDeliveryDatetime: iso(row.expectedDeliveryDatetime),
    dateCreated: iso(row.dateCreated) ?? '',
    dateSubmitted: iso(row.dateSubmitted),
    dateCompleted: iso(row.dateCompleted),
    dateModified: iso(row.dateModified) ?? '',
    hasUnseenChange,
    canBeCanceled: canBeCanceled(facts, caseActor),
    isRejectable: isRejectable(facts) && actor.permissions.has(PERMISSIONS.addCaseRejection),
    canEdit: mayEditCase(actor.permissions, { ...facts, isSharedToActor }),
    canChangeDevices: !isSharedToActor && mayChangeRequestedDevices(actor.permissions, facts),
    canRequestPatientInformation: mayRequestPatientInformation(actor.permissions, facts),
  };
}

/** Presents already-visible cases, in the order of `ids`, with a fixed number of queries for any count. */
export async function presentCases(query: Query, actor: Actor, ids: readonly string[]): Promise<Case[]> {
  if (ids.length === 0) return [];
  const { cases: rows, orders, shares } = await loadCasePage(query, ids);
  const unseen = await unseenChanges(query, actor.userId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      presentCaseRow(
        actor,
        row,
        orders.filter((o) => o.caseId === id),
        shares.filter((s) => s.caseId === id),
        unseen.has(id),
      ),
    ];
  });
}

/** The full Case of the wire, or 404 when the actor may not see it. */
export async function presentCase(db: DbOrTx, actor: Actor, caseId: string): Promise<Case> {
  await findVisibleCase(db, actor, caseId);
  const [presented] = await presentCases(queryOn(db), actor, [caseId]);
  if (!presented) throw notFound(CASE_NOT_FOUND);
  return presented;
}
