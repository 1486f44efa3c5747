import type { createAnalysisSchema, patchAnalysisSchema } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, forbidden } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { recordAudit } from '../audit/index.ts';
import {
  assertNotCanceled,
  findVisibleAnalysis,
  findVisibleStudyCase,
  seesAnalysesOf,
  seesUnpublishedLandmarks,
} from './access.ts';
import { type ContentChanged, IGNORE_CONTENT_CHANGES } from './content-changed.ts';
import { presentAnalysis } from './presenter.ts';
import {
  type AnalysisRow,
  deleteAnalysis,
  findAnalysis,
  insertAnalysis,
  listAnalysesOfStudy,
  orderBelongsToCase,
  setAnalysisResults,
} from './repository.ts';

export const NO_ADD_PERMISSION = 'You do not have permission to add analyses or their files.';
export const NO_DELETE_PERMISSION = 'You do not have permission to remove analyses or their files.';
export const NO_CHANGE_RESULTS_PERMISSION = 'You do not have permission to change analysis results.';
export const PRELIMINARY_RESULTS_FIXED = 'The preliminary model is made by the server: its results cannot be changed.';
export const ORDER_NOT_OF_CASE = 'This order does not belong to the case of this study.';

/**
 * Analyses of a study. There is no permission of their own in spec §6: an analysis is the folder of
 * analysis resources, so starting one takes simulations.add_analysisresource and removing one (with
 * its files and landmarks) simulations.delete_analysisresource.
 */
export function createAnalysesService(
  database: Database,
  storage: ObjectStorage,
  contentChanged: ContentChanged = IGNORE_CONTENT_CHANGES,
) {
  const { db } = database;
  const query = queryOn(db);

  return {
    async list(actor: Actor, studyId: string, page: PageRequest) {
      const found = await findVisibleStudyCase(db, actor, studyId);
      if (!seesAnalysesOf(actor, found)) return { count: 0, results: [] };
      const { count, rows } = await listAnalysesOfStudy(
        query,
        studyId,
        !seesUnpublishedLandmarks(actor),
        pageWindow(page),
      );
      return { count, results: rows.map(presentAnalysis) };
    },

    get: async (actor: Actor, id: string) => presentAnalysis((await findVisibleAnalysis(db, actor, id)).analysis),

    async create(actor: Actor, body: z.output<typeof createAnalysisSchema>, ip: string) {
      if (!actor.permissions.has(PERMISSIONS.addAnalysisResource)) {
        await findVisibleStudyCase(db, actor, body.studyId);
        throw forbidden(NO_ADD_PERMISSION);
      }
      const id = await db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        const found = await findVisibleStudyCase(tx, actor, body.studyId, { forUpdate: true });
        assertNotCanceled(found);
        const orderId = body.orderId ?? null;
        if (orderId && !(await orderBelongsToCase(txQuery, orderId, found.id))) {
          throw fieldError('orderId', ORDER_NOT_OF_CASE);
        }
        const id = await insertAnalysis(txQuery, {
          studyId: body.studyId,
          type: body.type,
          name: body.name,
          orderId,
          results: body.results,
          createdById: actor.userId,
        });
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'analysis.create',
          targetType: 'case',
          targetId: found.id,
          organisationId: found.organisationId,
          ip,
          details: { analysisId: id, studyId: body.studyId, type: body.type },
        });
        return id;
      });
      return presentAnalysis((await findAnalysis(query, id, !seesUnpublishedLandmarks(actor))) as AnalysisRow);
    },

    /** PATCH analyses/{id}/: the analyst's numeric results (name, value, unit) of the Details tab. */
    async patch(actor: Actor, id: string, body: z.output<typeof patchAnalysisSchema>, ip: string) {
      await findVisibleAnalysis(db, actor, id);
      if (!actor.permissions.has(PERMISSIONS.changeAnalysisResource)) throw forbidden(NO_CHANGE_RESULTS_PERMISSION);
      const afterCommit = await db.transaction(async (tx) => {
        const { analysis, found } = await findVisibleAnalysis(tx, actor, id, { forUpdate: true });
        assertNotCanceled(found);
        if (analysis.isPreliminary) throw conflict(PRELIMINARY_RESULTS_FIXED);
        await setAnalysisResults(queryOn(tx), id, body.results);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'analysis.results',
          targetType: 'case',
          targetId: found.id,
          organisationId: found.organisationId,
          ip,
          details: { analysisId: id, results: body.results.length },
        });
        return contentChanged(tx, { caseId: found.id, requestedById: actor.userId });
      });
      await afterCommit?.();
      return presentAnalysis((await findAnalysis(query, id, !seesUnpublishedLandmarks(actor))) as AnalysisRow);
    },

    async remove(actor: Actor, id: string, ip: string) {
      await findVisibleAnalysis(db, actor, id);
      if (!actor.permissions.has(PERMISSIONS.deleteAnalysisResource)) throw forbidden(NO_DELETE_PERMISSION);
      const removed = await db.transaction(async (tx) => {
        const { analysis, found } = await findVisibleAnalysis(tx, actor, id, { forUpdate: true });
        assertNotCanceled(found);
        const keys = await deleteAnalysis(queryOn(tx), id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'analysis.delete',
          targetType: 'case',
          targetId: found.id,
          organisationId: found.organisationId,
          ip,
          details: { analysisId: id, studyId: analysis.studyId, resources: keys.length },
        });
        return { keys, afterCommit: await contentChanged(tx, { caseId: found.id, requestedById: actor.userId }) };
      });
      await removed.afterCommit?.();
      const storageKeys = removed.keys;
      // After commit: a file whose row is gone is litter, a row whose file is gone would be a broken link.
      await Promise.all(storageKeys.map((key) => storage.delete(key).catch(() => undefined)));
    },
  };
}

export type AnalysesService = ReturnType<typeof createAnalysesService>;
