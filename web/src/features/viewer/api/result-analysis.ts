import { AnalysisType, routes, type ViewerLoad } from '@cardiomap/contract';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { refreshViewerResults } from './refresh-viewer-results.ts';

export const RESULT_ANALYSIS_NAME = 'Anatomical analysis';

/** The analysis the analyst's results go to: the study's first one not made by the server. */
export const resultAnalysisOf = (load: Pick<ViewerLoad, 'analyses'>) =>
  load.analyses.find((analysis) => !analysis.isPreliminary) ?? null;

/**
 * The analysis started in this page per study: the viewer's load can still be the one read before it
 * was created (a figure does not reload it), and a second landmark or mesh must not start a second one.
 */
const started = new Map<string, Promise<string>>();

/**
 * Its id, starting the anatomical analysis first when the study has none yet (never the preliminary one).
 * A started one is read into the viewer load before this answers: the landmark and figure lists are
 * fetched per analysis of the load, and would otherwise drop what is added to it.
 */
export async function ensureResultAnalysis(
  load: Pick<ViewerLoad, 'analyses' | 'study'>,
  queryClient: QueryClient,
): Promise<string> {
  const existing = resultAnalysisOf(load);
  if (existing) return existing.id;
  const pending = started.get(load.study.id);
  if (pending) return pending;
  const creating = call(routes.createAnalysis, {
    body: { studyId: load.study.id, type: AnalysisType.ANATOMICAL, name: RESULT_ANALYSIS_NAME },
  }).then(async (created) => {
    await refreshViewerResults(queryClient, load.study.id);
    return created.id;
  });
  started.set(load.study.id, creating);
  // A failed start may be retried.
  creating.catch(() => started.delete(load.study.id));
  return creating;
}
