import {
  type createLandmarkSchema,
  GEOMETRY_TYPE_LABELS,
  type GeometryType,
  type landmarkListQuerySchema,
  type patchLandmarkSchema,
} from '@cardiomap/contract';
import type { z } from 'zod';
import type { VisibleCase } from '../../access/case-access.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import {
  type ContentChanged,
  findVisibleAnalysis,
  IGNORE_CONTENT_CHANGES,
  seesUnpublishedLandmarks,
} from '../analyses/index.ts';
import { recordAudit } from '../audit/index.ts';
import { choosePhase } from '../studies/index.ts';
import { measuredPoints } from './geometry.ts';
import { landmarkRights, mayCreateLandmarkOn, mayPublishOn } from './policy.ts';
import { presentLandmark } from './presenter.ts';
import {
  deleteLandmark,
  findLandmark,
  findLandmarkType,
  insertLandmark,
  type LandmarkPatch,
  type LandmarkRow,
  listLandmarksOfAnalysis,
  setLandmarkPublished,
  updateLandmark,
} from './repository.ts';

export const LANDMARK_NOT_FOUND = 'No landmark matches the given id.';
export const LANDMARK_TYPE_NOT_FOUND = 'No landmark type matches the given id.';
export const REQUIRED = 'This field is required';
export const NO_CREATE_PERMISSION = 'You do not have permission to add landmarks to this case.';
export const NO_EDIT_PERMISSION = 'You do not have permission to change this landmark.';
export const NO_DELETE_PERMISSION = 'You do not have permission to remove this landmark.';
export const NO_PUBLISH_PERMISSION = 'You do not have permission to publish or unpublish landmarks of this case.';
export const NAME_FROM_TYPE = 'A predefined landmark is named after its type.';

type CreateBody = z.output<typeof createLandmarkSchema>;
type PatchBody = z.output<typeof patchLandmarkSchema>;

/**
 * Landmarks (spec §7 landmarks/) under the rules of spec §6. Measurements are always computed here from
 * the points, never taken from the client. A custom landmark (no type) is created unpublished; a
 * predefined one takes its name from the type, must have the type's geometry, and is created published
 * when its creator may publish on this case (else unpublished, for someone who may to publish).
 */
/**
 * `contentChanged` is told of a change to a published landmark (the report prints those), in the
 * change's transaction; for a delivered analysis it makes a new report version (issue 18 §1).
 */
export function createLandmarksService(database: Database, contentChanged: ContentChanged = IGNORE_CONTENT_CHANGES) {
  const publishedChanged = (tx: DbOrTx, actor: Actor, found: VisibleCase, published: boolean) =>
    published ? contentChanged(tx, { caseId: found.id, requestedById: actor.userId }) : Promise.resolve(null);
  const { db } = database;
  const query = queryOn(db);
  const present = (actor: Actor, found: VisibleCase, row: LandmarkRow) =>
    presentLandmark(row, landmarkRights(actor, found, row));

  /** The landmark and its case if the actor may see it (case, undelivered and unpublished rules), else 404. */
  const visibleLandmark = async (tx: DbOrTx, actor: Actor, id: string, forUpdate = false) => {
    const row = await findLandmark(queryOn(tx), id);
    if (!row || (!row.isPublished && !seesUnpublishedLandmarks(actor))) throw notFound(LANDMARK_NOT_FOUND);
    const { found } = await findVisibleAnalysis(tx, actor, row.analysisId, { forUpdate, missing: LANDMARK_NOT_FOUND });
    return { row, found };
  };
  const audit = (tx: DbOrTx, actor: Actor, action: string, found: VisibleCase, ip: string, details: object) =>
    recordAudit(tx, {
      actorId: actor.userId,
      action,
      targetType: 'case',
      targetId: found.id,
      organisationId: found.organisationId,
      ip,
      details: { ...details },
    });
  const reload = async (actor: Actor, found: VisibleCase, id: string) =>
    present(actor, found, (await findLandmark(query, id)) as LandmarkRow);

  /** Name, geometry and publication of a new landmark, from its type when it has one. */
  async function resolveType(actor: Actor, found: VisibleCase, body: CreateBody) {
    if (!body.landmarkTypeId) {
      if (!body.name) throw fieldError('name', REQUIRED);
      return { name: body.name, isPublished: false };
    }
    const type = await findLandmarkType(query, body.landmarkTypeId);
    if (!type) throw fieldError('landmarkTypeId', LANDMARK_TYPE_NOT_FOUND);
    if (type.geometryType !== body.geometryType) {
      const label = GEOMETRY_TYPE_LABELS[type.geometryType as GeometryType];
      throw fieldError('geometryType', `A ${type.name} landmark is a ${label.toLowerCase()}.`);
    }
    return { name: type.name, isPublished: mayPublishOn(actor, found) };
  }

  return {
    async list(actor: Actor, filter: z.output<typeof landmarkListQuerySchema> & PageRequest) {
      const { found } = await findVisibleAnalysis(db, actor, filter.analysis_id);
      const { count, rows } = await listLandmarksOfAnalysis(
        query,
        filter.analysis_id,
        !seesUnpublishedLandmarks(actor),
        pageWindow(filter),
      );
      return { count, results: rows.map((row) => present(actor, found, row)) };
    },

    async get(actor: Actor, id: string) {
      const { row, found } = await visibleLandmark(db, actor, id);
      return present(actor, found, row);
    },

    async create(actor: Actor, body: CreateBody, ip: string) {
      const { analysis, found: seen } = await findVisibleAnalysis(db, actor, body.analysisId);
      if (!mayCreateLandmarkOn(actor, seen)) throw forbidden(NO_CREATE_PERMISSION);
      const { name, isPublished } = await resolveType(actor, seen, body);
      // Issue 28: every measurement belongs to one cardiac phase; none named, the default phase.
      const phase = await choosePhase(query, analysis.studyId, body.phaseId);
      const measurements = measuredPoints(body.geometryType, body.points);
      const { id, found } = await db.transaction(async (tx) => {
        // The case row is locked: a delivery committed meanwhile is seen by the checks below.
        const { found } = await findVisibleAnalysis(tx, actor, body.analysisId, { forUpdate: true });
        if (!mayCreateLandmarkOn(actor, found)) throw forbidden(NO_CREATE_PERMISSION);
        // Landmarks may go to any analysis of the study, the preliminary model's included (spec §7: the
        // API takes the analysis listed first). They are not lost for the clinician: the viewer and the
        // report show every published landmark of the study. The web app puts them on an analyst's.
        const published = isPublished && mayPublishOn(actor, found);
        const id = await insertLandmark(queryOn(tx), {
          analysisId: body.analysisId,
          landmarkTypeId: body.landmarkTypeId ?? null,
          name,
          description: body.description,
          geometryType: body.geometryType,
          viewType: body.viewType,
          points: body.points,
          normal: body.normal ?? null,
          centroid: body.centroid ?? null,
          resliceRotation: body.resliceRotation ?? null,
          resliceCenter: body.resliceCenter ?? null,
          measurements,
          color: body.color ?? null,
          sourceClient: body.sourceClient,
          sourceVersion: body.sourceVersion,
          isPublished: published,
          // Shown while the analyst works on it; leaving edit mode keeps only published ones enabled.
          isEnabled: true,
          isVisible: body.isVisible,
          createdById: actor.userId,
          phaseId: phase?.id ?? null,
        });
        await audit(tx, actor, 'landmark.create', found, ip, {
          landmarkId: id,
          analysisId: body.analysisId,
          landmarkTypeId: body.landmarkTypeId ?? null,
          isPublished: published,
          phaseId: phase?.id ?? null,
        });
        return { id, found };
      });
      return reload(actor, found, id);
    },

    async patch(actor: Actor, id: string, body: PatchBody, ip: string) {
      const { row: seen, found: seenCase } = await visibleLandmark(db, actor, id);
      if (!landmarkRights(actor, seenCase, seen).canEdit) throw forbidden(NO_EDIT_PERMISSION);
      if (body.name !== undefined && seen.landmarkTypeId !== null) throw fieldError('name', NAME_FROM_TYPE);
      // Moving it to another phase: that phase must be one of this study's.
      if (body.phaseId !== undefined) await choosePhase(query, seen.studyId, body.phaseId);
      const patch: LandmarkPatch = { ...body };
      if (body.points) patch.measurements = measuredPoints(seen.geometryType, body.points);
      const { found, afterCommit } = await db.transaction(async (tx) => {
        const { row, found } = await visibleLandmark(tx, actor, id, true);
        if (!landmarkRights(actor, found, row).canEdit) throw forbidden(NO_EDIT_PERMISSION);
        await updateLandmark(queryOn(tx), id, patch);
        await audit(tx, actor, 'landmark.change', found, ip, {
          landmarkId: id,
          fields: Object.keys(body),
          ...(body.phaseId !== undefined && { phase: { before: row.phaseId, after: body.phaseId } }),
        });
        return { found, afterCommit: await publishedChanged(tx, actor, found, row.isPublished) };
      });
      await afterCommit?.();
      return reload(actor, found, id);
    },

    async remove(actor: Actor, id: string, ip: string) {
      const { row: seen, found: seenCase } = await visibleLandmark(db, actor, id);
      if (!landmarkRights(actor, seenCase, seen).canDelete) throw forbidden(NO_DELETE_PERMISSION);
      const afterCommit = await db.transaction(async (tx) => {
        const { row, found } = await visibleLandmark(tx, actor, id, true);
        if (!landmarkRights(actor, found, row).canDelete) throw forbidden(NO_DELETE_PERMISSION);
        await deleteLandmark(queryOn(tx), id);
        await audit(tx, actor, 'landmark.delete', found, ip, { landmarkId: id, analysisId: row.analysisId });
        return publishedChanged(tx, actor, found, row.isPublished);
      });
      await afterCommit?.();
    },

    /** Spec §4: publish sets isPublished and isEnabled, unpublish clears both. */
    async setPublished(actor: Actor, id: string, published: boolean, ip: string) {
      const { row: seen, found: seenCase } = await visibleLandmark(db, actor, id);
      if (!landmarkRights(actor, seenCase, seen).canPublish) throw forbidden(NO_PUBLISH_PERMISSION);
      const found = await db.transaction(async (tx) => {
        const { row, found } = await visibleLandmark(tx, actor, id, true);
        if (!landmarkRights(actor, found, row).canPublish) throw forbidden(NO_PUBLISH_PERMISSION);
        await setLandmarkPublished(queryOn(tx), id, published);
        await audit(tx, actor, published ? 'landmark.publish' : 'landmark.unpublish', found, ip, { landmarkId: id });
        return found;
      });
      return reload(actor, found, id);
    },
  };
}

export type LandmarksService = ReturnType<typeof createLandmarksService>;
