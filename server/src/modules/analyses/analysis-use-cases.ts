import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import {
  deletePreliminaryAnalysis,
  type PreliminaryModel,
  setAnalysisOrder,
  upsertPreliminaryAnalysis,
} from './preliminary-repository.ts';

/*
 * What other modules change in analyses (issue 29: this module alone writes analyses and
 * analysis_resources). Each runs in the caller's transaction.
 */

/** A delivery names its analysis (orders): from now on the analysis belongs to that order. */
export async function attachToOrder(tx: DbOrTx, analysisId: string, orderId: string): Promise<void> {
  await setAnalysisOrder(queryOn(tx), analysisId, orderId);
}

/**
 * The surface job's model as the study's one preliminary analysis and its scene object resource,
 * replacing an earlier run's. Answers what the scene needs (visualisations' `addSceneObject`) and the
 * storage keys replaced, to delete after commit.
 */
export function replacePreliminaryAnalysis(tx: DbOrTx, model: PreliminaryModel) {
  return upsertPreliminaryAnalysis(queryOn(tx), model);
}

/** The study's preliminary analysis removed with everything in it; answers the storage keys to delete. */
export function removePreliminaryAnalysis(tx: DbOrTx, studyId: string): Promise<string[]> {
  return deletePreliminaryAnalysis(queryOn(tx), studyId);
}
