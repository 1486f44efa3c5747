import type { Analysis, Landmark, LandmarkType } from '@cardiomap/contract';
import type { VisibleCase } from '../../access/case-access.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { listStudyAnalyses } from '../analyses/index.ts';
import { listLandmarkTypes, listStudyLandmarks } from '../landmarks/index.ts';

/**
 * The analyses and landmarks modules' read side as the viewer load uses it, in one place: those modules
 * apply the undelivered and unpublished rules and each landmark's rights, the load only gathers.
 */
export interface AnalysisParts {
  analyses(db: DbOrTx, actor: Actor, theCase: VisibleCase, studyId: string): Promise<Analysis[]>;
  landmarks(db: DbOrTx, actor: Actor, theCase: VisibleCase, studyId: string): Promise<Landmark[]>;
  landmarkTypes(db: DbOrTx): Promise<LandmarkType[]>;
}

export const analysisParts: AnalysisParts = {
  analyses: listStudyAnalyses,
  landmarks: listStudyLandmarks,
  landmarkTypes: listLandmarkTypes,
};
