import { PERMISSIONS } from '@cardiomap/domain';
import { seesAnalysesOf } from '../../access/analysis-visibility.ts';
import { caseScopeOf, findVisibleCase, sharedOnly, type VisibleCase } from '../../access/case-access.ts';
import { assertResultsReadable, resultsReadableCases } from '../../access/results-access.ts';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { caseIdOfStudy, type Scope } from './repository.ts';

export const STUDY_NOT_FOUND = 'No study matches the given id.';

/**
 * Who may read and change a study's scene. Readers: whoever sees the case. Writers: the case's own
 * organisation or staff, holding the permission; a colleague the case is shared with only reads.
 */
export function createSceneAccess(database: Database) {
  const { db } = database;
  const query = queryOn(db);
  /**
   * The case of a study when visible; `missing` is what a hidden or missing study answers. The scene shows
   * analysis results, so an undelivered case's scene is hidden like its analyses (spec §6).
   */
  const caseOfStudy = async (actor: Actor, studyId: string, missing: () => Error): Promise<VisibleCase> => {
    const caseId = await caseIdOfStudy(query, studyId);
    if (!caseId) throw missing();
    const theCase = await findVisibleCase(db, actor, caseId).catch(() => {
      throw missing();
    });
    assertResultsReadable(actor, theCase);
    if (!seesAnalysesOf(actor, theCase)) throw missing();
    return theCase;
  };
  return {
    scope: (actor: Actor): Scope => ({
      ...caseScopeOf(actor),
      seesUndelivered: actor.permissions.has(PERMISSIONS.viewUndeliveredAnalyses),
      resultsReadable: resultsReadableCases(actor),
    }),
    /** A study named by a query parameter or a path: hidden answers 404 like missing. */
    readableStudy: (actor: Actor, studyId: string) => caseOfStudy(actor, studyId, () => notFound(STUDY_NOT_FOUND)),
    /** A study named in a body: hidden or missing is a 400 on that field. */
    studyInBody: (actor: Actor, studyId: string, field = 'studyId') =>
      caseOfStudy(actor, studyId, () => fieldError(field, STUDY_NOT_FOUND)),
    /**
     * Issue 30 §3: the preliminary model is a staff aid, never a result, so whoever may not view undelivered
     * analyses meets neither its visualisation nor its objects here, as in the viewer load.
     */
    seesPreliminary: (actor: Actor) => actor.permissions.has(PERMISSIONS.viewUndeliveredAnalyses),
    /** A row's case when visible (a preliminary row only to staff), else 404 with the row's own message. */
    async caseOfRow(actor: Actor, row: { studyId: string; isPreliminary?: boolean }, missing: string) {
      if (row.isPreliminary === true && !actor.permissions.has(PERMISSIONS.viewUndeliveredAnalyses))
        throw notFound(missing);
      return caseOfStudy(actor, row.studyId, () => notFound(missing));
    },
    requireWrite(actor: Actor, theCase: VisibleCase, permission: string, denied: string): void {
      if (!actor.permissions.has(permission) || sharedOnly(actor, theCase.organisationId)) throw forbidden(denied);
    },
  };
}

export type SceneAccess = ReturnType<typeof createSceneAccess>;
