import { randomUUID } from 'node:crypto';
import type { analysisResourceListQuerySchema, createAnalysisResourceSchema } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, nonFieldError, notFound } from '../../lib/http-errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { safeFileName } from '../../storage/index.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { assertNotCanceled, findVisibleAnalysis, findVisibleStudyCase, seesAnalysesOf } from './access.ts';
import { presentAnalysisResource } from './presenter.ts';
import {
  type AnalysisResourceRow,
  deleteAnalysisResource,
  findAnalysisResource,
  insertAnalysisResource,
  listAnalysisResources,
  markResourceUploaded,
  setResourceAttributes,
} from './resource-repository.ts';
import { NO_ADD_PERMISSION, NO_DELETE_PERMISSION } from './service.ts';

export const ANALYSIS_RESOURCE_NOT_FOUND = 'No analysis resource matches the given id.';
export const NO_CHANGE_PERMISSION = 'You do not have permission to change analysis files.';
export const ANALYSIS_OR_STUDY_REQUIRED = 'Give analysis_id or study_id.';
/** A mesh, figure or segmentation; far above any real one, low enough to refuse a mistaken upload. */
export const MAX_ANALYSIS_RESOURCE_BYTES = 512 * 1024 * 1024;
/** Signed upload links: long enough for a large segmentation over a slow line. */
const WRITE_URL_SECONDS = 60 * 60;

/** Analysis resources (spec §7 analysis-resources/): signed upload, confirmation, attributes, removal. */
export function createAnalysisResourcesService(database: Database, storage: ObjectStorage) {
  const { db } = database;
  const query = queryOn(db);
  // Keys are made of ids only: the file name the browser sent never reaches a storage path.
  const storageKeyOf = (analysisId: string, id: string) => `analyses/${analysisId}/resources/${id}`;

  /** The resource and its case when the actor may see its analysis; else 404 like a missing one. */
  const visibleResource = async (tx: DbOrTx, actor: Actor, id: string, forUpdate = false) => {
    const row = await findAnalysisResource(queryOn(tx), id);
    if (!row) throw notFound(ANALYSIS_RESOURCE_NOT_FOUND);
    const { found } = await findVisibleAnalysis(tx, actor, row.analysisId, {
      forUpdate,
      missing: ANALYSIS_RESOURCE_NOT_FOUND,
    });
    return { row, found };
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

  return {
    async list(actor: Actor, filter: z.output<typeof analysisResourceListQuerySchema>) {
      if (!filter.analysis_id && !filter.study_id) throw nonFieldError(ANALYSIS_OR_STUDY_REQUIRED);
      if (filter.analysis_id) await findVisibleAnalysis(db, actor, filter.analysis_id);
      if (filter.study_id) {
        const found = await findVisibleStudyCase(db, actor, filter.study_id);
        if (!seesAnalysesOf(actor, found)) return { count: 0, results: [] };
      }
      const { count, rows } = await listAnalysisResources(
        query,
        { analysisId: filter.analysis_id ?? null, studyId: filter.study_id ?? null, type: filter.type ?? null },
        pageWindow(filter),
      );
      return { count, results: await Promise.all(rows.map((row) => presentAnalysisResource(storage, row))) };
    },

    async get(actor: Actor, id: string, download: boolean) {
      const { row } = await visibleResource(db, actor, id);
      return presentAnalysisResource(storage, row, { download });
    },

    async create(actor: Actor, body: z.output<typeof createAnalysisResourceSchema>, ip: string) {
      await findVisibleAnalysis(db, actor, body.analysisId);
      requirePermission(actor, PERMISSIONS.addAnalysisResource, NO_ADD_PERMISSION);
      const id = randomUUID();
      const storageKey = storageKeyOf(body.analysisId, id);
      await db.transaction(async (tx) => {
        const { found } = await findVisibleAnalysis(tx, actor, body.analysisId, { forUpdate: true });
        assertNotCanceled(found);
        await insertAnalysisResource(queryOn(tx), {
          id,
          analysisId: body.analysisId,
          type: body.type,
          name: body.name,
          // Shown in Content-Disposition and download dialogs: no folders, no control characters.
          filename: safeFileName(body.filename),
          mimeType: body.metadata.mimeType,
          storageKey,
          attributes: body.attributes,
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
      const writeUrl = await storage.signedPutUrl(storageKey, {
        expiresInSeconds: WRITE_URL_SECONDS,
        maxBytes: MAX_ANALYSIS_RESOURCE_BYTES,
      });
      return { ...(await presentAnalysisResource(storage, await reload(id))), writeUrl };
    },

    /**
     * GET analysis-resources/{id}/confirm-upload/: marks the file available once it arrived with a sane
     * size; an empty or oversized object is deleted and the answer stays uploadSuccessful false.
     */
    async confirm(actor: Actor, id: string, ip: string) {
      const { row } = await visibleResource(db, actor, id);
      requirePermission(actor, PERMISSIONS.addAnalysisResource, NO_ADD_PERMISSION);
      if (row.uploadSuccessful) return presentAnalysisResource(storage, row);
      const object = await storage.head(row.storageKey);
      if (!object || object.size === 0 || object.size > MAX_ANALYSIS_RESOURCE_BYTES) {
        if (object) await storage.delete(row.storageKey);
        return presentAnalysisResource(storage, row);
      }
      await db.transaction(async (tx) => {
        const { found } = await visibleResource(tx, actor, id, true);
        assertNotCanceled(found);
        await markResourceUploaded(queryOn(tx), id, object.size);
        await audit(tx, actor, 'analysis-resource.confirm', found, ip, { analysisResourceId: id, size: object.size });
      });
      return presentAnalysisResource(storage, await reload(id));
    },

    async setAttributes(actor: Actor, id: string, attributes: Record<string, unknown>, ip: string) {
      await visibleResource(db, actor, id);
      requirePermission(actor, PERMISSIONS.changeAnalysisResource, NO_CHANGE_PERMISSION);
      await db.transaction(async (tx) => {
        const { found } = await visibleResource(tx, actor, id, true);
        assertNotCanceled(found);
        await setResourceAttributes(queryOn(tx), id, attributes);
        await audit(tx, actor, 'analysis-resource.attributes', found, ip, { analysisResourceId: id });
      });
      return presentAnalysisResource(storage, await reload(id));
    },

    async remove(actor: Actor, id: string, ip: string) {
      await visibleResource(db, actor, id);
      requirePermission(actor, PERMISSIONS.deleteAnalysisResource, NO_DELETE_PERMISSION);
      const storageKey = await db.transaction(async (tx) => {
        const { row, found } = await visibleResource(tx, actor, id, true);
        assertNotCanceled(found);
        await deleteAnalysisResource(queryOn(tx), id);
        await audit(tx, actor, 'analysis-resource.delete', found, ip, {
          analysisResourceId: id,
          analysisId: row.analysisId,
        });
        return row.storageKey;
      });
      await storage.delete(storageKey).catch(() => undefined);
    },
  };
}

export type AnalysisResourcesService = ReturnType<typeof createAnalysisResourcesService>;
