import type {
  createVisualisationObjectSchema,
  patchVisualisationObjectSchema,
  visualisationObjectListQuerySchema,
} from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import type { SceneAccess } from './access.ts';
import * as objects from './object-repository.ts';
import { presentVisualisationObject } from './presenter.ts';
import { findVisualisation, studyOfAnalysisResource } from './repository.ts';
import { VISUALISATION_NOT_FOUND } from './service.ts';

export const OBJECT_NOT_FOUND = 'No visualisation object matches the given id.';
export const RESOURCE_OF_OTHER_STUDY = 'No analysis resource of this study matches the given id.';
export const NAME_A_STUDY = 'Give study_id or visualisation_id.';
export const ABOVE_MAX_OPACITY = 'The opacity cannot exceed the maximum opacity.';
export const NO_OBJECT_ADD = 'You do not have permission to add scene objects.';
export const NO_OBJECT_CHANGE = 'You do not have permission to change scene objects.';
export const NO_OBJECT_DELETE = 'You do not have permission to remove scene objects.';

/** Visualisation objects (spec §3): how each scene object is drawn; viewer.*_visualisationobject guard writes. */
export function createObjectsService(database: Database, access: SceneAccess) {
  const query = queryOn(database.db);
  const visibleObject = async (actor: Actor, id: string) => {
    const row = await objects.findObject(query, id);
    if (!row) throw notFound(OBJECT_NOT_FOUND);
    return { row, theCase: await access.caseOfRow(actor, row, OBJECT_NOT_FOUND) };
  };
  /** Spec §3: an object is drawn at most as opaque as its maxOpacity allows (defaults 1 and 1). */
  const checkOpacity = (settings: { opacity?: number; maxOpacity?: number }) => {
    if ((settings.opacity ?? 1) > (settings.maxOpacity ?? 1)) throw fieldError('opacity', ABOVE_MAX_OPACITY);
  };
  const present = async (id: string) =>
    presentVisualisationObject((await objects.findObject(query, id)) as objects.VisualisationObjectRow);

  return {
    /** By visualisation, by study, or both (the visualisation must then be of that study). */
    async list(actor: Actor, filter: z.output<typeof visualisationObjectListQuerySchema>, page: PageRequest) {
      let studyId = filter.study_id ?? null;
      if (filter.visualisation_id) {
        const visualisation = await findVisualisation(query, filter.visualisation_id);
        if (!visualisation || (studyId && visualisation.studyId !== studyId)) throw notFound(VISUALISATION_NOT_FOUND);
        await access.caseOfRow(actor, visualisation, VISUALISATION_NOT_FOUND);
        studyId = visualisation.studyId;
      } else if (studyId) {
        await access.readableStudy(actor, studyId);
      } else {
        throw fieldError('study_id', NAME_A_STUDY);
      }
      const { count, rows } = await objects.listObjects(
        query,
        { studyId, visualisationId: filter.visualisation_id ?? null, withPreliminary: access.seesPreliminary(actor) },
        pageWindow(page),
      );
      return { count, results: rows.map(presentVisualisationObject) };
    },
    get: async (actor: Actor, id: string) => presentVisualisationObject((await visibleObject(actor, id)).row),

    async create(actor: Actor, body: z.output<typeof createVisualisationObjectSchema>) {
      const visualisation = await findVisualisation(query, body.visualisationId);
      if (!visualisation) throw fieldError('visualisationId', VISUALISATION_NOT_FOUND);
      const theCase = await access.studyInBody(actor, visualisation.studyId, 'visualisationId').catch(() => {
        throw fieldError('visualisationId', VISUALISATION_NOT_FOUND);
      });
      access.requireWrite(actor, theCase, P.addVisualisationObject, NO_OBJECT_ADD);
      checkOpacity(body);
      const analysisResourceId = body.analysisResourceId ?? null;
      if (analysisResourceId && (await studyOfAnalysisResource(query, analysisResourceId)) !== visualisation.studyId) {
        throw fieldError('analysisResourceId', RESOURCE_OF_OTHER_STUDY);
      }
      const id = await objects.insertObject(query, { ...body, studyId: visualisation.studyId, analysisResourceId });
      return present(id);
    },
    async patch(actor: Actor, id: string, body: z.output<typeof patchVisualisationObjectSchema>) {
      const { row, theCase } = await visibleObject(actor, id);
      access.requireWrite(actor, theCase, P.changeVisualisationObject, NO_OBJECT_CHANGE);
      checkOpacity({ opacity: body.opacity ?? row.opacity, maxOpacity: body.maxOpacity ?? row.maxOpacity });
      await objects.updateObject(query, id, body);
      return present(id);
    },
    async remove(actor: Actor, id: string) {
      const { theCase } = await visibleObject(actor, id);
      access.requireWrite(actor, theCase, P.deleteVisualisationObject, NO_OBJECT_DELETE);
      await objects.deleteObject(query, id);
    },
  };
}

export type ObjectsService = ReturnType<typeof createObjectsService>;
