import { AnalysisType, routes, type ViewerLoad } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';

export const RESULT_ANALYSIS_NAME = 'Anatomical analysis';

/** The analysis the analyst's results go to: the study's first one not made by the server. */
export const resultAnalysisOf = (load: Pick<ViewerLoad, 'analyses'>) =>
  load.analyses.find((analysis) => !analysis.isPreliminary) ?? null;

/** Its id, starting the anatomical analysis first when the study has none yet. */
export async function ensureResultAnalysis(load: Pick<ViewerLoad, 'analyses' | 'study'>): Promise<string> {
  const existing = resultAnalysisOf(load);
  if (existing) return existing.id;
  const created = await call(routes.createAnalysis, {
    body: { studyId: load.study.id, type: AnalysisType.ANATOMICAL, name: RESULT_ANALYSIS_NAME },
  });
  return created.id;
}
