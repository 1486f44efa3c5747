import { type AnalysisResource, MAX_PAGE_SIZE, routes } from '@cardiomap/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { signedUrlRefresh } from './signed-url-refresh.ts';
import { viewerKeys } from './viewer-keys.ts';

/** GET analysis-resources/?analysis_id=: one analysis's resources (spec §7, the contour's source). */
export const listAnalysisResources = async (analysisId: string, signal?: AbortSignal): Promise<AnalysisResource[]> =>
  (await call(routes.listAnalysisResources, { query: { analysis_id: analysisId, page_size: MAX_PAGE_SIZE }, signal }))
    .results;

export const analysisResourcesQueryOptions = (studyId: string, analysisId: string) =>
  queryOptions({
    queryKey: viewerKeys.analysisResources(studyId, analysisId),
    queryFn: ({ signal }) => listAnalysisResources(analysisId, signal),
    // The contour reads its mesh by link, perhaps long after the list came: asked again before links expire.
    ...signedUrlRefresh,
  });
