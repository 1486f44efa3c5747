import { seesPatientDetails } from '@cardiomap/domain';
import { caseScopeOf, findVisibleCase } from '../../access/case-access.ts';
import { readAccessOf } from '../../access/read-access.ts';
import { assertResultsReadable } from '../../access/results-access.ts';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { presentStudy, presentStudyResource } from './presenter.ts';
import {
  findStudy,
  findStudyResource,
  isIdentifiedReport,
  listStudyResources,
  listVisibleStudies,
} from './repository.ts';

export const STUDY_NOT_FOUND = 'No study matches the given id.';
export const STUDY_RESOURCE_NOT_FOUND = 'No study resource matches the given id.';

/** Studies and their resources: whoever sees the case sees its (de-identified) study. */
export function createStudiesService(database: Database, storage: ObjectStorage) {
  const { db } = database;
  const query = queryOn(db);
  /** A study of a case the actor may not see is answered like a missing one. */
  const visibleStudy = async (
    actor: Actor,
    studyId: string,
    missing = STUDY_NOT_FOUND,
    options: { files?: boolean } = {},
  ) => {
    const row = await findStudy(query, studyId);
    if (!row) throw notFound(missing);
    const theCase = await findVisibleCase(db, actor, row.caseId).catch(() => {
      throw notFound(missing);
    });
    // The study row is the case's (ids, phases); its resources are result files (Case.accessDenied, §13).
    if (options.files) assertResultsReadable(actor, theCase);
    return { ...row, seesPatient: seesPatientDetails(actor.permissions, theCase) };
  };

  return {
    async list(actor: Actor, caseId: string | undefined, page: PageRequest) {
      const { count, rows } = await listVisibleStudies(query, caseScopeOf(actor), caseId ?? null, pageWindow(page));
      return { count, results: rows.map(presentStudy) };
    },
    get: async (actor: Actor, studyId: string) => presentStudy(await visibleStudy(actor, studyId)),
    async resources(actor: Actor, studyId: string, page: PageRequest) {
      const { seesPatient, caseId } = await visibleStudy(actor, studyId, STUDY_NOT_FOUND, { files: true });
      const access = readAccessOf(actor, caseId);
      const { count, rows } = await listStudyResources(query, studyId, pageWindow(page), {
        withIdentifiedReports: seesPatient,
      });
      return { count, results: await Promise.all(rows.map((row) => presentStudyResource(storage, row, access))) };
    },
    async resource(actor: Actor, resourceId: string) {
      const row = await findStudyResource(query, resourceId);
      if (!row) throw notFound(STUDY_RESOURCE_NOT_FOUND);
      const { seesPatient, caseId } = await visibleStudy(actor, row.studyId, STUDY_RESOURCE_NOT_FOUND, {
        files: true,
      });
      // A report with patient details is missing to whoever may not see them (issue 18 §2).
      if (isIdentifiedReport(row) && !seesPatient) throw notFound(STUDY_RESOURCE_NOT_FOUND);
      return presentStudyResource(storage, row, readAccessOf(actor, caseId));
    },
  };
}

export type StudiesService = ReturnType<typeof createStudiesService>;
