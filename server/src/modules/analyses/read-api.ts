import type { Analysis, AnalysisResource } from '@cardiomap/contract';
import type { VisibleCase } from '../../access/case-access.ts';
import { readAccessOf } from '../../access/read-access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { seesAnalysesOf, seesUnpublishedLandmarks } from './access.ts';
import { presentAnalysis, presentAnalysisResource } from './presenter.ts';
import { allAnalysesOfStudy } from './repository.ts';
import { allAnalysisResourcesOfStudy } from './resource-repository.ts';

/**
 * For the viewer load: a study's analyses as the actor may see them. `visibleCase` is the study's case,
 * found with findVisibleCase (tenancy checked by the caller); the undelivered rule is applied here, so an
 * actor who may not see an undelivered case's analyses gets none.
 */
export async function listStudyAnalyses(
  db: DbOrTx,
  actor: Actor,
  visibleCase: VisibleCase,
  studyId: string,
): Promise<Analysis[]> {
  if (!seesAnalysesOf(actor, visibleCase)) return [];
  const rows = await allAnalysesOfStudy(queryOn(db), studyId, !seesUnpublishedLandmarks(actor));
  return rows.map(presentAnalysis);
}

/** For the viewer load: every resource of the study's analyses, with inline read URLs; same rules. */
export async function listStudyAnalysisResources(
  db: DbOrTx,
  storage: ObjectStorage,
  actor: Actor,
  visibleCase: VisibleCase,
  studyId: string,
): Promise<AnalysisResource[]> {
  if (!seesAnalysesOf(actor, visibleCase)) return [];
  const rows = await allAnalysisResourcesOfStudy(queryOn(db), studyId);
  return Promise.all(rows.map((row) => presentAnalysisResource(storage, row, readAccessOf(actor, visibleCase.id))));
}
