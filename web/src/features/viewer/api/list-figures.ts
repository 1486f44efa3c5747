import { type AnalysisResource, AnalysisResourceType, MAX_PAGE_SIZE, routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { signedUrlRefresh } from './signed-url-refresh.ts';
import { viewerKeys } from './viewer-keys.ts';

/** GET analysis-resources/?study_id=&type=2: the study's figures (image resources, spec §3). */
export const listFigures = async (studyId: string, signal?: AbortSignal): Promise<AnalysisResource[]> =>
  (
    await call(routes.listAnalysisResources, {
      query: { study_id: studyId, type: AnalysisResourceType.IMAGE, page_size: MAX_PAGE_SIZE },
      signal,
    })
  ).results;

export const figuresQueryOptions = (studyId: string) =>
  queryOptions({
    queryKey: viewerKeys.figures(studyId),
    queryFn: ({ signal }) => listFigures(studyId, signal),
    // The figures' links expire within minutes: asked again before they do.
    ...signedUrlRefresh,
  });

export const useFigures = (studyId: string) => useQuery(figuresQueryOptions(studyId));
