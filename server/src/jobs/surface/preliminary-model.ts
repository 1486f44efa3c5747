import type { Tx } from '../../db/client.ts';
import {
  PRELIMINARY_ANALYSIS_NAME,
  type PreliminaryModel,
  removePreliminaryAnalysis,
  replacePreliminaryAnalysis,
} from '../../modules/analyses/index.ts';
import { addSceneObject } from '../../modules/visualisations/index.ts';

export type { PreliminaryModel };

/**
 * Makes the study's one preliminary analysis hold exactly this model and draws its objects in the
 * study's 3D scene: the analysis and its resource through analyses' use case, the viewer config, visualisation and
 * object through visualisations' (issue 29: each module writes its own tables). A re-run replaces the
 * resource, and with it its scene object, and keeps the analysis and visualisation, so it never
 * duplicates. Answers the storage keys it replaced, to delete after commit.
 */
export async function storePreliminaryModel(tx: Tx, model: PreliminaryModel): Promise<string[]> {
  const { analysisId, objectResourceIds, replacedKeys } = await replacePreliminaryAnalysis(tx, model);
  for (const [rank, object] of model.objects.entries()) {
    await addSceneObject(tx, {
      studyId: model.studyId,
      analysisId,
      visualisationName: PRELIMINARY_ANALYSIS_NAME,
      analysisResourceId: objectResourceIds[rank] as string,
      name: object.name,
      color: object.color,
      opacity: object.opacity,
      placement: 'start',
      rank,
    });
  }
  return replacedKeys;
}

/** The study's preliminary model gone (the volume in place has no contrast to model): keys to delete. */
export const removePreliminaryModel = (tx: Tx, studyId: string): Promise<string[]> =>
  removePreliminaryAnalysis(tx, studyId);
