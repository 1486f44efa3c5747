import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { insertObject, nextObjectOrder } from './object-repository.ts';
import {
  ensureViewerConfig,
  orderVisualisations,
  visualisationOfAnalysis,
  visualisationsOfStudy,
} from './repository.ts';

/*
 * What other modules change in a study's 3D scene (issue 29: this module alone writes viewer_configs,
 * visualisations and visualisation_objects). Each runs in the caller's transaction.
 */

export interface AnalysisSceneObject {
  studyId: string;
  analysisId: string;
  /** The name of the analysis's visualisation, when this object is its first. */
  visualisationName: string;
  analysisResourceId: string;
  name: string;
  color: string;
  opacity?: number;
  /**
   * `end`: after every object of the scene (an analyst's mesh); `start`: before every object an analyst can
   * place (the preliminary model), in `rank` order among the objects placed at the start.
   */
  placement: 'end' | 'start';
  rank?: number;
}

/** Orders an analyst can give are ≥ 0 (the contract's PATCH): the start block lies below them. */
const START_BLOCK = -1_000;

/**
 * Puts a mesh of an analysis into the study's scene: the study's viewer config and the analysis's
 * visualisation (each made on first use) and an object drawing the resource.
 */
export async function addSceneObject(tx: DbOrTx, object: AnalysisSceneObject): Promise<void> {
  const query = queryOn(tx);
  await ensureViewerConfig(query, object.studyId);
  const visualisationId = await visualisationOfAnalysis(query, {
    studyId: object.studyId,
    analysisId: object.analysisId,
    name: object.visualisationName,
  });
  await insertObject(query, {
    visualisationId,
    studyId: object.studyId,
    analysisResourceId: object.analysisResourceId,
    name: object.name,
    color: object.color,
    ...(object.opacity === undefined ? {} : { opacity: object.opacity, maxOpacity: 1 }),
    objectOrder:
      object.placement === 'end' ? await nextObjectOrder(query, object.studyId) : START_BLOCK + (object.rank ?? 0),
  });
}

/**
 * The display order of the study's visualisations (PATCH studies/{id}/). Answers false, changing
 * nothing, unless `ids` names each of the study's visualisations exactly once.
 */
export async function reorderVisualisations(tx: DbOrTx, studyId: string, ids: readonly string[]): Promise<boolean> {
  const query = queryOn(tx);
  const own = new Set((await visualisationsOfStudy(query, studyId)).map((v) => v.id));
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== own.size || ![...given].every((id) => own.has(id))) return false;
  await orderVisualisations(query, studyId, ids);
  return true;
}
