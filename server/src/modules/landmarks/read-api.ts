import type { Landmark, LandmarkType } from '@cardiomap/contract';
import type { VisibleCase } from '../../access/case-access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { seesAnalysesOf, seesUnpublishedLandmarks } from '../analyses/index.ts';
import { landmarkRights } from './policy.ts';
import { presentLandmark, presentLandmarkType } from './presenter.ts';
import { allLandmarksOfStudy, allLandmarkTypeRows } from './repository.ts';

/**
 * For the viewer load: a study's landmarks as the actor may see them, with their rights on each.
 * `visibleCase` is the study's case found with findVisibleCase (tenancy checked by the caller); the
 * undelivered and unpublished rules are applied here.
 */
export async function listStudyLandmarks(
  db: DbOrTx,
  actor: Actor,
  visibleCase: VisibleCase,
  studyId: string,
): Promise<Landmark[]> {
  if (!seesAnalysesOf(actor, visibleCase)) return [];
  const rows = await allLandmarksOfStudy(queryOn(db), studyId, !seesUnpublishedLandmarks(actor));
  return rows.map((row) => presentLandmark(row, landmarkRights(actor, visibleCase, row)));
}

/** For the viewer load: every landmark type, in display order. */
export async function listLandmarkTypes(db: DbOrTx): Promise<LandmarkType[]> {
  return (await allLandmarkTypeRows(queryOn(db))).map(presentLandmarkType);
}
