import { randomUUID } from 'node:crypto';
import {
  type createStudyResourceSchema,
  type defaultPhaseSchema,
  LEGACY_CONFIG_MAX_BYTES,
  LEGACY_CONFIG_TOO_LARGE,
  type LegacyConfigForm,
  type patchStudySchema,
  StudyResourceType,
  type studyResourceAttributesSchema,
} from '@cardiomap/contract';
import {
  canSetInterpolation,
  checkLegacyConfig,
  hasDeliveredOrder,
  legacyConfigRefusal,
  PERMISSIONS as P,
} from '@cardiomap/domain';
import type { z } from 'zod';
import { findVisibleCase, sharedOnly, type VisibleCase } from '../../access/case-access.ts';
import { readAccessOf } from '../../access/read-access.ts';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, forbidden, nonFieldError, notFound } from '../../lib/http-errors.ts';
import { safeFileName } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { reorderVisualisations } from '../visualisations/index.ts';
import { NOT_A_PHASE_OF_STUDY } from './phase-choice.ts';
import { findPhaseOfStudy, listPhases, setDefaultPhaseRow } from './phase-repository.ts';
import { presentStudy, presentStudyResource, SINGLE_PHASE_LABEL } from './presenter.ts';
import { findStudy, findStudyResource, type StudyResourceRow, type StudyRow } from './repository.ts';
import { STUDY_NOT_FOUND, STUDY_RESOURCE_NOT_FOUND } from './service.ts';
import {
  deleteStudyResourceRow,
  insertLegacyConfigResource,
  insertReportResource,
  legacyConfigsOf,
  mergeVolumeAttributes,
  orderOfCase,
  setResourceSize,
} from './write-repository.ts';

/** A generated PDF report is a few MB; this leaves room for image-heavy ones, not for misuse. */
export const MAX_REPORT_BYTES = 100 * 1024 * 1024;
const REPORT_WRITE_URL_SECONDS = 60 * 60;

export const NO_STUDY_CHANGE = 'You do not have permission to change this study.';
export const NO_REPORT_ADD = 'You do not have permission to add reports to this study.';
export const NO_REPORT_DELETE = 'You do not have permission to remove reports from this study.';
export const NO_INTERPOLATION_CHANGE = 'You do not have permission to change the interpolation type.';
export const INGEST_OUTPUT_KEPT =
  'The pseudonymised DICOM and the volume are made by processing the images and cannot be removed.';
export const ONLY_VOLUME_INTERPOLATES = 'Only the volume (type 2) has an interpolation type.';
export const INTERPOLATION_LOCKED =
  'The interpolation type can only be changed while the case is unfinished and nothing is delivered.';
export const REPORT_NOT_UPLOADED = 'The report never arrived: upload it again.';
export const UNKNOWN_VISUALISATION = 'Name each visualisation of this study once, and only those.';
export const ORDER_OF_OTHER_CASE = 'This order does not belong to the case of this study.';

/** The writes of studies/ and study-resources/ (spec §7): reports, the volume's interpolation, study options. */
export function createStudyWritesService(database: Database, storage: ObjectStorage) {
  const { db } = database;
  const query = queryOn(db);
  /** The study and its case when visible (404 like missing otherwise), checked against a permission. */
  const studyFor = async (
    actor: Actor,
    studyId: string,
    permission: string,
    denied: string,
    missing = STUDY_NOT_FOUND,
  ) => {
    const study = await findStudy(query, studyId);
    if (!study) throw notFound(missing);
    const theCase = await findVisibleCase(db, actor, study.caseId).catch(() => {
      throw notFound(missing);
    });
    // Shared colleagues read results; only the case's own organisation (or staff) changes them.
    if (!actor.permissions.has(permission) || sharedOnly(actor, theCase.organisationId)) throw forbidden(denied);
    return { study, theCase };
  };
  const resourceFor = async (actor: Actor, id: string, permission: string, denied: string) => {
    const resource = await findStudyResource(query, id);
    if (!resource) throw notFound(STUDY_RESOURCE_NOT_FOUND);
    const found = await studyFor(actor, resource.studyId, permission, denied, STUDY_RESOURCE_NOT_FOUND);
    return { resource, ...found };
  };
  const audit = (actor: Actor, theCase: VisibleCase, action: string, ip: string, details: Record<string, unknown>) =>
    recordAudit(db, {
      actorId: actor.userId,
      action,
      targetType: 'case',
      targetId: theCase.id,
      organisationId: theCase.organisationId,
      ip,
      details,
    });

  return {
    /** PATCH studies/{id}/: the display order of the study's visualisations. */
    async patch(actor: Actor, studyId: string, body: z.output<typeof patchStudySchema>) {
      const { study } = await studyFor(actor, studyId, P.changeStudy, NO_STUDY_CHANGE);
      if (body.visualisationIds) {
        if (!(await reorderVisualisations(db, studyId, body.visualisationIds))) {
          throw fieldError('visualisationIds', UNKNOWN_VISUALISATION);
        }
      }
      return presentStudy((await findStudy(query, study.id)) as StudyRow);
    },

    /**
     * PATCH studies/{id}/default-phase/ (issue 28): the phase the viewer opens and measurements default
     * to. Staff with the study options permission; audited with the phase before and after. Landmarks
     * keep the phase they were placed on; the preliminary model stays the one built (Process again
     * rebuilds it).
     */
    async setDefaultPhase(actor: Actor, studyId: string, body: z.output<typeof defaultPhaseSchema>, ip: string) {
      const { study, theCase } = await studyFor(actor, studyId, P.changeStudy, NO_STUDY_CHANGE);
      await db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        const phases = await listPhases(txQuery, study.id);
        const chosen = await findPhaseOfStudy(txQuery, study.id, body.phaseId);
        if (!chosen) throw fieldError('phaseId', NOT_A_PHASE_OF_STUDY);
        const previous = phases.find((p) => p.isDefault) ?? null;
        await setDefaultPhaseRow(txQuery, study.id, chosen.id);
        const label = (p: { label: string | null }) => p.label ?? SINGLE_PHASE_LABEL;
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'study.default-phase',
          targetType: 'case',
          targetId: theCase.id,
          organisationId: theCase.organisationId,
          ip,
          details: {
            studyId: study.id,
            before: previous ? { phaseId: previous.id, label: label(previous) } : null,
            after: { phaseId: chosen.id, label: label(chosen) },
          },
        });
      });
      return presentStudy((await findStudy(query, study.id)) as StudyRow);
    },

    /**
     * PATCH studies/{id}/legacy-config/ (spec §7): a legacy simulation's results, the viewer config JSON
     * its pipeline wrote, stored as the study's one legacy config (a type-0 study resource, file in object
     * storage); a new one replaces the earlier. The client reloads the study after it.
     */
    async uploadLegacyConfig(actor: Actor, studyId: string, form: LegacyConfigForm, ip: string) {
      const study = await findStudy(query, studyId);
      if (!study) throw notFound(STUDY_NOT_FOUND);
      const theCase = await findVisibleCase(db, actor, study.caseId).catch(() => {
        throw notFound(STUDY_NOT_FOUND);
      });
      const refusal = legacyConfigRefusal(actor.permissions, {
        ...theCase,
        isSharedToActor: sharedOnly(actor, theCase.organisationId),
      });
      if (refusal?.forbidden) throw forbidden(refusal.reason);
      if (refusal) throw conflict(refusal.reason, 'case_finished');
      const check = checkLegacyConfig(form.configFile.text, form.caseIdentifier, study.caseIdentifier);
      if (!check.ok) throw fieldError(check.field, check.message);
      const id = randomUUID();
      const storageKey = `studies/${study.id}/legacy-config/${id}/${safeFileName(form.configFile.filename, 'config.json')}`;
      // Measured here, not taken from the form: the declared size is the parser's (or a JSON caller's) word.
      const bytes = Buffer.from(form.configFile.text, 'utf8');
      if (bytes.length > LEGACY_CONFIG_MAX_BYTES) throw fieldError('configFile', LEGACY_CONFIG_TOO_LARGE);
      await storage.write(storageKey, bytes, 'application/json');
      const replaced = await db
        .transaction(async (tx) => {
          const txQuery = queryOn(tx);
          const earlier = await legacyConfigsOf(txQuery, study.id);
          for (const old of earlier) await deleteStudyResourceRow(txQuery, old.id);
          await insertLegacyConfigResource(txQuery, {
            id,
            studyId: study.id,
            filename: form.configFile.filename.slice(0, 255) || 'config.json',
            storageKey,
            size: bytes.length,
            caseIdentifier: study.caseIdentifier,
          });
          await recordAudit(tx, {
            actorId: actor.userId,
            action: 'study.legacy-config',
            targetType: 'case',
            targetId: theCase.id,
            organisationId: theCase.organisationId,
            ip,
            details: { studyId: study.id, studyResourceId: id, size: bytes.length, replaced: earlier.map((e) => e.id) },
          });
          return earlier;
        })
        .catch(async (error: unknown) => {
          await storage.delete(storageKey).catch(() => undefined);
          throw error;
        });
      // The rows are gone: a file left behind is only an orphan, not a broken link.
      for (const old of replaced) await storage.delete(old.storageKey).catch(() => undefined);
      return presentStudy((await findStudy(query, study.id)) as StudyRow);
    },

    /** POST study-resources/: registers a PDF report and answers the signed URL to PUT it to. */
    async createReport(actor: Actor, body: z.output<typeof createStudyResourceSchema>, ip: string) {
      const { study, theCase } = await studyFor(actor, body.studyId, P.addStudyResource, NO_REPORT_ADD);
      if (body.orderId && !(await orderOfCase(query, body.orderId, study.caseId))) {
        throw fieldError('orderId', ORDER_OF_OTHER_CASE);
      }
      const id = randomUUID();
      const storageKey = `studies/${study.id}/reports/${id}/${safeFileName(body.filename, 'report.pdf')}`;
      const row = await insertReportResource(query, {
        id,
        studyId: study.id,
        name: body.name,
        filename: body.filename,
        mimeType: body.metadata.mimeType,
        storageKey,
        // The table has no order column: the report keeps the order it was made for among its attributes.
        attributes: body.orderId ? { orderId: body.orderId } : {},
        sourceVersion: body.sourceVersion,
        sourceClient: body.sourceClient,
      });
      await audit(actor, theCase, 'study-resource.create', ip, { studyResourceId: id, type: row.type });
      const writeUrl = await storage.signedPutUrl(storageKey, {
        expiresInSeconds: REPORT_WRITE_URL_SECONDS,
        maxBytes: MAX_REPORT_BYTES,
      });
      return { ...(await presentStudyResource(storage, row, readAccessOf(actor, theCase.id))), writeUrl };
    },

    /** GET study-resources/{id}/confirm-upload/: the report arrived; idempotent. */
    async confirmReport(actor: Actor, id: string) {
      const { resource, theCase } = await resourceFor(actor, id, P.addStudyResource, NO_REPORT_ADD);
      const access = readAccessOf(actor, theCase.id);
      if (resource.size !== null) return presentStudyResource(storage, resource, access);
      const object = await storage.head(resource.storageKey);
      if (!object || object.size === 0 || object.size > MAX_REPORT_BYTES) {
        if (object) await storage.delete(resource.storageKey);
        throw conflict(REPORT_NOT_UPLOADED, 'upload_missing');
      }
      await setResourceSize(query, id, object.size);
      return presentStudyResource(storage, (await findStudyResource(query, id)) as StudyResourceRow, access);
    },

    /** DELETE study-resources/{id}/: reports only; the object goes after the row. */
    async deleteReport(actor: Actor, id: string, ip: string) {
      const { resource, theCase } = await resourceFor(actor, id, P.deleteStudyResource, NO_REPORT_DELETE);
      if (resource.type !== StudyResourceType.PDF_REPORT) throw nonFieldError(INGEST_OUTPUT_KEPT);
      await deleteStudyResourceRow(query, id);
      await audit(actor, theCase, 'study-resource.delete', ip, { studyResourceId: id, type: resource.type });
      // The row is gone: a file left behind is only an orphan, not a broken link.
      await storage.delete(resource.storageKey).catch(() => undefined);
    },

    /** PATCH study-resources/{id}/attributes/: the volume's interpolation (spec §6 "Set interpolation"). */
    async setAttributes(actor: Actor, id: string, body: z.output<typeof studyResourceAttributesSchema>, ip: string) {
      const { resource, theCase } = await resourceFor(actor, id, P.changeStudyResource, NO_INTERPOLATION_CHANGE);
      if (resource.type !== StudyResourceType.DICOM_VOLUME) throw nonFieldError(ONLY_VOLUME_INTERPOLATES);
      // The permission was checked above: what is left of the spec §6 rule is the undelivered case.
      if (!canSetInterpolation(actor, { ...theCase, hasDeliveredOrder: hasDeliveredOrder(theCase) })) {
        throw conflict(INTERPOLATION_LOCKED, 'results_delivered');
      }
      await mergeVolumeAttributes(query, resource.studyId, { interpolationType: body.interpolationType });
      await audit(actor, theCase, 'study-resource.interpolation', ip, {
        studyResourceId: id,
        interpolationType: body.interpolationType,
      });
      const access = readAccessOf(actor, theCase.id);
      return presentStudyResource(storage, (await findStudyResource(query, id)) as StudyResourceRow, access);
    },
  };
}

export type StudyWritesService = ReturnType<typeof createStudyWritesService>;
