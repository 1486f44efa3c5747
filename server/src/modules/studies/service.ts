import { caseScopeOf, findVisibleCase } from '../../access/case-access.ts';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { presentStudy, presentStudyResource } from './presenter.ts';
import { findStudy, findStudyResource, listStudyResources, listVisibleStudies } from './repository.ts';

export const STUDY_NOT_FOUND = 'No study matches the given id.';
export const STUDY_RESOURCE_NOT_FOUND = 'No study resource matches the given id.';

/** Studies and their resources: whoever sees the case sees its (de-identified) study. */
export function createStudiesService(database: Database, storage: ObjectStorage) {
  const { db } = database;
  const query = queryOn(db);
  /** A study of a case the actor may not see is answered like a missing one. */
  const visibleStudy = async (actor: Actor, studyId: string, missing = STUDY_NOT_FOUND) => {
    const row = await findStudy(query, studyId);
    if (!row) throw notFound(missing);
    await findVisibleCase(db, actor, row.caseId).catch(() => {
      throw notFound(missing);
    });
    return row;
  };

  return {
    async list(actor: Actor, caseId: string | undefined, page: PageRequest) {
      const { count, rows } = await listVisibleStudies(query, caseScopeOf(actor), caseId ?? null, pageWindow(page));
      return { count, results: rows.map(presentStudy) };
    },
    get: async (actor: Actor, studyId: string) => presentStudy(await visibleStudy(actor, studyId)),
    async resources(actor: Actor, studyId: string, page: PageRequest) {
      await visibleStudy(actor, studyId);
      const { count, rows } = await listStudyResources(query, studyId, pageWindow(page));
      return { count, results: await Promise.all(rows.map((row) => presentStudyResource(storage, row))) };
    },
    async resource(actor: Actor, resourceId: string) {
      const row = await findStudyResource(query, resourceId);
      if (!row) throw notFound(STUDY_RESOURCE_NOT_FOUND);
      await visibleStudy(actor, row.studyId, STUDY_RESOURCE_NOT_FOUND);
      return presentStudyResource(storage, row);
    },
  };
}

export type StudiesService = ReturnType<typeof createStudiesService>;
