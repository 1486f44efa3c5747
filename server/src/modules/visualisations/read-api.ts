import type { Query } from '../../db/query.ts';
import { objectsOfStudy, type VisualisationObjectRow } from './object-repository.ts';
import { type ConfigRow, findConfigOfStudy, type VisualisationRow, visualisationsOfStudy } from './repository.ts';

export interface StudyScene {
  /** The stored viewer config (options, comments), or undefined when the study has none yet. */
  config: ConfigRow | undefined;
  visualisations: VisualisationRow[];
  objects: VisualisationObjectRow[];
}

/**
 * The study's stored 3D scene as the viewer load draws it (modules/viewer). The caller has checked that
 * the actor sees the study's case.
 */
export async function sceneOfStudy(query: Query, studyId: string): Promise<StudyScene> {
  const [config, visualisations, objects] = await Promise.all([
    findConfigOfStudy(query, studyId),
    visualisationsOfStudy(query, studyId),
    objectsOfStudy(query, studyId),
  ]);
  return { config, visualisations, objects };
}
