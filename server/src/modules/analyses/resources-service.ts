import { randomUUID } from 'node:crypto';
import {
  AnalysisResourceType,
  type analysisResourceListQuerySchema,
  type createAnalysisResourceSchema,
  MULTIPART_THRESHOLD_BYTES,
  UPLOAD_PART_BYTES,
} from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import type { z } from 'zod';
import { readAccessOf } from '../../access/read-access.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, nonFieldError, notFound } from '../../lib/http-errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { safeFileName } from '../../storage/index.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { choosePhase } from '../studies/index.ts';
import { addSceneObject } from '../visualisations/index.ts';
import {
  assertNotCanceled,
  assertNotPreliminary,
  findVisibleAnalysis,
  findVisibleStudyCase,
  seesAnalysesOf,
} from './access.ts';
import { type ContentChanged, IGNORE_CONTENT_CHANGES } from './content-changed.ts';
import { checkFigure } from './figure-acceptance.ts';
import { acceptMesh } from './mesh-acceptance.ts';
import { presentAnalysisResource } from './presenter.ts';
import {
  type AnalysisResourceRow,
  deleteAnalysisResource,
  findAnalysisResource,
  insertAnalysisResource,
  listAnalysisResources,
  markMeshAccepted,
  markResourceUploaded,
  setResourceAttributes,
  setResourceMultipart,
} from './resource-repository.ts';
import { checkNewResource, maxBytesOf } from './resource-rules.ts';
import { NO_ADD_PERMISSION, NO_DELETE_PERMISSION } from './service.ts';

export const ANALYSIS_RESOURCE_NOT_FOUND = 'No analysis resource matches the given id.';
export const NO_CHANGE_PERMISSION = 'You do not have permission to change analysis files.';
export const ANALYSIS_OR_STUDY_REQUIRED = 'Give analysis_id or study_id.';
/** A mesh the analyst gave no colour: amber, apart from the preliminary model's red. */
export const DEFAULT_MESH_COLOR = '#e0a030';
/** Signed upload links: long enough for a large segmentation over a slow line. */
const WRITE_URL_SECONDS = 60 * 60;

/** Analysis resources (spec §7 analysis-resources/): signed upload, confirmation, attributes, removal. */
export function createAnalysisResourcesService(
  database: Database,
  storage: ObjectStorage,
  contentChanged: ContentChanged = IGNORE_CONTENT_CHANGES,
) {
  /** Figures are in the report (issue 18): a change to one may make a new report version. */
  const figureChanged = (tx: DbOrTx, actor: Actor, row: AnalysisResourceRow, caseId: string) =>
    row.type === AnalysisResourceType.IMAGE
      ? contentChanged(tx, { caseId, requestedById: actor.userId })
      : Promise.resolve(null);
  const { db } = database;
  const query = queryOn(db);
  // Keys are made of ids only: the file name the browser sent never reaches a storage path.
  const storageKeyOf = (analysisId: string, id: string) => `analyses/${analysisId}/resources/${id}`;

  /** The resource and its case when the actor may see its analysis; else 404 like a missing one. */
  const visibleResource = async (tx: DbOrTx, actor: Actor, id: string, forUpdate = false) => {
    const row = await findAnalysisResource(queryOn(tx), id);
    if (!row) throw notFound(ANALYSIS_RESOURCE_NOT_FOUND);
    const { analysis, found } = await findVisibleAnalysis(tx, actor, row.analysisId, {
      forUpdate,
      missing: ANALYSIS_RESOURCE_NOT_FOUND,
    });
    return { row, analysis, found };
  };
  const requirePermission = (actor: Actor, permission: string, message: string) => {
    if (!actor.permissions.has(permission)) throw forbidden(message);
  };
  const reload = async (id: string) => (await findAnalysisResource(query, id)) as AnalysisResourceRow;
  const audit = (
    tx: DbOrTx,
    actor: Actor,
    action: string,
    found: { id: string; organisationId: string },
    ip: string,
    details: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      actorId: actor.userId,
      action,
      targetType: 'case',
      targetId: found.id,
      organisationId: found.organisationId,
      ip,
      details,
    });

  const confirming = new Map<string, Promise<unknown>>();

  /** Deletes a refused upload (row, stored objects) and answers the 400 that says why. */
  const refuse = async (actor: Actor, row: AnalysisResourceRow, message: string, ip: string, keys: string[]) => {
    await db.transaction(async (tx) => {
      const { found } = await visibleResource(tx, actor, row.id, true);
      await deleteAnalysisResource(queryOn(tx), row.id);
      await audit(tx, actor, 'analysis-resource.refuse', found, ip, { analysisResourceId: row.id, reason: message });
    });
    // The rows are gone: a file left behind is only an orphan.
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    return nonFieldError(message);
  };

  /** The resource as the actor reads it, its link bound to their access to the case. */
  const present = (actor: Actor, caseId: string, row: AnalysisResourceRow, options?: { download?: boolean }) =>
    presentAnalysisResource(storage, row, readAccessOf(actor, caseId), options);

  const confirmOnce = async (actor: Actor, id: string, ip: string) => {
    const { row, found: visible } = await visibleResource(db, actor, id);
    requirePermission(actor, PERMISSIONS.addAnalysisResource, NO_ADD_PERMISSION);
    if (row.uploadSuccessful) return present(actor, visible.id, row);
    assertNotCanceled(visible);
    if (row.multipartUploadId) {
      // Already completed by an earlier confirm, or never assembled: the head() below tells which.
      await storage.completeMultipartUpload(row.storageKey, row.multipartUploadId).catch(() => undefined);
    }
    const object = await storage.head(row.storageKey);
    if (!object || object.size === 0) {
      if (object) await storage.delete(row.storageKey);
      return present(actor, visible.id, row);
    }
    const max = maxBytesOf(row.type);
    if (object.size > max) {
      throw await refuse(actor, row, `The file is too large: at most ${max / 1024 / 1024} MB.`, ip, [row.storageKey]);
    }
    if (row.type === AnalysisResourceType.SCENE_OBJECT) return acceptMeshUpload(actor, visible.id, row, ip);
    if (row.type === AnalysisResourceType.IMAGE) {
      const png = await checkFigure(storage, row.storageKey, object.size);
      if (!png.ok) throw await refuse(actor, row, png.message, ip, [row.storageKey]);
    }
    const afterCommit = await db.transaction(async (tx) => {
      const { found } = await visibleResource(tx, actor, id, true);
      assertNotCanceled(found);
      await markResourceUploaded(queryOn(tx), id, object.size);
      await audit(tx, actor, 'analysis-resource.confirm', found, ip, { analysisResourceId: id, size: object.size });
      return figureChanged(tx, actor, row, found.id);
    });
    await afterCommit?.();
    return present(actor, visible.id, await reload(id));
  };

  /** A mesh parsed and converted: the row points at the GLB and the scene draws it in its colour. */
  const acceptMeshUpload = async (actor: Actor, caseId: string, row: AnalysisResourceRow, ip: string) => {
    const accepted = await acceptMesh(storage, row);
    if (!accepted.ok) throw await refuse(actor, row, accepted.message, ip, [row.storageKey]);
    try {
      await db.transaction(async (tx) => {
        const { analysis, found } = await visibleResource(tx, actor, row.id, true);
        assertNotCanceled(found);
        const { mesh } = accepted;
        await markMeshAccepted(queryOn(tx), row.id, {
          storageKey: accepted.storageKey,
          filename: accepted.filename,
          mimeType: accepted.mimeType,
          size: accepted.size,
          attributes: {
            originalFilename: row.filename,
            triangles: mesh.triangles,
            vertices: mesh.vertices,
            volumeMl: Math.round(mesh.volumeMl * 10) / 10,
            areaCm2: Math.round(mesh.areaCm2 * 10) / 10,
          },
        });
        await addSceneObject(tx, {
          studyId: row.studyId,
          analysisId: row.analysisId,
          visualisationName: analysis.name,
          analysisResourceId: row.id,
          name: row.name,
          color: typeof row.attributes.color === 'string' ? row.attributes.color : DEFAULT_MESH_COLOR,
          placement: 'end',
        });
        await audit(tx, actor, 'analysis-resource.confirm', found, ip, {
          analysisResourceId: row.id,
          size: accepted.size,
          triangles: mesh.triangles,
        });
      });
    } catch (error) {
      // The converted file of a failed accept; the error below is the one to report.
      await storage.delete(accepted.storageKey).catch(() => undefined);
      throw error;
    }
    // The upload as sent is no longer needed: the row points at the GLB.
    // The row points at the GLB: a file left behind is only an orphan.
    await storage.delete(row.storageKey).catch(() => undefined);
    return present(actor, caseId, await reload(row.id));
  };

  return {
    async list(actor: Actor, filter: z.output<typeof analysisResourceListQuerySchema>) {
      if (!filter.analysis_id && !filter.study_id) throw nonFieldError(ANALYSIS_OR_STUDY_REQUIRED);
      let caseId = '';
      if (filter.analysis_id) caseId = (await findVisibleAnalysis(db, actor, filter.analysis_id)).found.id;
      if (filter.study_id) {
        const found = await findVisibleStudyCase(db, actor, filter.study_id);
        if (!seesAnalysesOf(actor, found)) return { count: 0, results: [] };
        caseId = found.id;
      }
      const { count, rows } = await listAnalysisResources(
        query,
        { analysisId: filter.analysis_id ?? null, studyId: filter.study_id ?? null, type: filter.type ?? null },
        pageWindow(filter),
      );
      return { count, results: await Promise.all(rows.map((row) => present(actor, caseId, row))) };
    },

    async get(actor: Actor, id: string, download: boolean) {
      const { row, found } = await visibleResource(db, actor, id);
      return present(actor, found.id, row, { download });
    },

    async create(actor: Actor, body: z.output<typeof createAnalysisResourceSchema>, ip: string) {
      const { analysis: seen, found: visible } = await findVisibleAnalysis(db, actor, body.analysisId);
      requirePermission(actor, PERMISSIONS.addAnalysisResource, NO_ADD_PERMISSION);
      const attributes = checkNewResource(body);
      if (body.type === AnalysisResourceType.IMAGE) {
        // Issue 28: a figure shows one cardiac phase (none named: the default); the report prints its label.
        const phase = await choosePhase(query, seen.studyId, attributes.phaseId as string | undefined);
        if (phase) Object.assign(attributes, { phaseId: phase.id, phaseLabel: phase.label });
      }
      const id = randomUUID();
      const storageKey = storageKeyOf(body.analysisId, id);
      await db.transaction(async (tx) => {
        const { analysis, found } = await findVisibleAnalysis(tx, actor, body.analysisId, { forUpdate: true });
        assertNotCanceled(found);
        assertNotPreliminary(analysis);
        await insertAnalysisResource(queryOn(tx), {
          id,
          analysisId: body.analysisId,
          type: body.type,
          name: body.name,
          // Shown in Content-Disposition and download dialogs: no folders, no control characters.
          filename: safeFileName(body.filename),
          mimeType: body.metadata.mimeType,
          storageKey,
          attributes,
          sourceVersion: body.sourceVersion,
          sourceClient: body.sourceClient,
          createdById: actor.userId,
        });
        await audit(tx, actor, 'analysis-resource.create', found, ip, {
          analysisResourceId: id,
          analysisId: body.analysisId,
          type: body.type,
        });
      });
      const maxBytes = body.size ?? maxBytesOf(body.type);
      const writeUrl = await storage.signedPutUrl(storageKey, { expiresInSeconds: WRITE_URL_SECONDS, maxBytes });
      // The same part-wise upload as the case's images (uploads module): parts retried alone.
      let parts: { partSize: number; urls: string[] } | null = null;
      if (body.size !== undefined && body.size > MULTIPART_THRESHOLD_BYTES) {
        const multipart = await storage.createMultipartUpload(storageKey, {
          partCount: Math.ceil(body.size / UPLOAD_PART_BYTES),
          expiresInSeconds: WRITE_URL_SECONDS,
          maxBytes: body.size,
          partSize: UPLOAD_PART_BYTES,
        });
        await setResourceMultipart(query, id, multipart.uploadId);
        parts = { partSize: UPLOAD_PART_BYTES, urls: multipart.partUrls };
      }
      return { ...(await present(actor, visible.id, await reload(id))), writeUrl, parts };
    },

    /**
     * GET analysis-resources/{id}/confirm-upload/: once the file arrived, a mesh is parsed (and stored as
     * GLB in the scene) and a figure checked as a PNG. A file that fails is refused with a 400 naming
     * why, and leaves nothing behind: row and objects are deleted. Nothing arrived yet (or an empty
     * file): uploadSuccessful stays false, so the browser may send it again.
     */
    confirm(actor: Actor, id: string, ip: string) {
      // One confirmation per resource at a time in this process: a second waits for the first's answer
      // instead of parsing the same upload again while the first replaces it.
      const running = confirming.get(id);
      if (running) {
        return running.then(async () => {
          const { row, found } = await visibleResource(db, actor, id);
          return present(actor, found.id, row);
        });
      }
      const work = confirmOnce(actor, id, ip).finally(() => confirming.delete(id));
      confirming.set(id, work);
      return work;
    },
    async setAttributes(actor: Actor, id: string, attributes: Record<string, unknown>, ip: string) {
      const { found: visible } = await visibleResource(db, actor, id);
      requirePermission(actor, PERMISSIONS.changeAnalysisResource, NO_CHANGE_PERMISSION);
      const afterCommit = await db.transaction(async (tx) => {
        const { row, found } = await visibleResource(tx, actor, id, true);
        assertNotCanceled(found);
        await setResourceAttributes(queryOn(tx), id, attributes);
        await audit(tx, actor, 'analysis-resource.attributes', found, ip, { analysisResourceId: id });
        return row.uploadSuccessful ? figureChanged(tx, actor, row, found.id) : null;
      });
      await afterCommit?.();
      return present(actor, visible.id, await reload(id));
    },

    async remove(actor: Actor, id: string, ip: string) {
      await visibleResource(db, actor, id);
      requirePermission(actor, PERMISSIONS.deleteAnalysisResource, NO_DELETE_PERMISSION);
      const removed = await db.transaction(async (tx) => {
        const { row, found } = await visibleResource(tx, actor, id, true);
        assertNotCanceled(found);
        await deleteAnalysisResource(queryOn(tx), id);
        await audit(tx, actor, 'analysis-resource.delete', found, ip, {
          analysisResourceId: id,
          analysisId: row.analysisId,
        });
        const afterCommit = row.uploadSuccessful ? await figureChanged(tx, actor, row, found.id) : null;
        return { storageKey: row.storageKey, afterCommit };
      });
      await removed.afterCommit?.();
      // The row is gone: a file left behind is only an orphan.
      await storage.delete(removed.storageKey).catch(() => undefined);
    },
  };
}

export type AnalysisResourcesService = ReturnType<typeof createAnalysisResourcesService>;
