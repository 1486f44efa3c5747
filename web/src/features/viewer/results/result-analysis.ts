import { AnalysisType, routes, type ViewerLoad } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';

export const RESULT_ANALYSIS_NAME = 'Anatomical analysis';

/** The analysis the analyst's results go to: the study's first one not made by the server. */
export const resultAnalysisOf = (load: Pick<ViewerLoad, 'analyses'>) =>
  load.analyses.find((analysis) => !analysis.isPreliminary) ?? null;

/**
 * The analysis started in this page per study: the viewer's load can still be the one read before it
 * was created (a figure does not reload it), and a second landmark or mesh must not start a second one.
 */
const started = new Map<string, Promise<string>>();

/** Its id, starting the anatomical analysis first when the study has none yet (never the preliminary one). */
export async function ensureResultAnalysis(load: Pick<ViewerLoad, 'analyses' | 'study'>): Promise<string> {
  const existing = resultAnalysisOf(load);
  if (existing) return existing.id;
  const pending = started.get(load.study.id);
  if (pending) return pending;
  const creating = call(routes.createAnalysis, {
    body: { studyId: load.study.id, type: AnalysisType.ANATOMICAL, name: RESULT_ANALYSIS_NAME },
  }).then((created) => created.id);
  started.set(load.study.id, creating);
  // A failed start may be retried.
  creating.catch(() => started.delete(load.study.id));
  return creating;
}
