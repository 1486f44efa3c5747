import { type AnalysisResource, AnalysisResourceType, MAX_PAGE_SIZE, routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { viewerKeys } from './viewer-keys.ts';

/** GET analysis-resources/?study_id=&type=1: the study's mesh results (scene objects). */
export const listMeshResults = async (studyId: string, signal?: AbortSignal): Promise<AnalysisResource[]> =>
  (
    await call(routes.listAnalysisResources, {
      query: { study_id: studyId, type: AnalysisResourceType.SCENE_OBJECT, page_size: MAX_PAGE_SIZE },
      signal,
    })
  ).results;

export const useMeshResults = (studyId: string) =>
  useQuery(
    queryOptions({
      queryKey: viewerKeys.meshResults(studyId),
      queryFn: ({ signal }) => listMeshResults(studyId, signal),
    }),
  );
