import { type Landmark, MAX_PAGE_SIZE, routes } from '@cardiomap/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { viewerKeys } from './viewer-keys.ts';

/** GET landmarks/?analysis_id=: one analysis's landmarks (an analysis holds far fewer than a page). */
export const listLandmarks = async (analysisId: string, signal?: AbortSignal): Promise<Landmark[]> =>
  (await call(routes.listLandmarks, { query: { analysis_id: analysisId, page_size: MAX_PAGE_SIZE }, signal })).results;

/** The study's landmarks over all its analyses; the viewer load answer seeds them. */
export const studyLandmarksQueryOptions = (studyId: string, analysisIds: string[], initial?: Landmark[]) =>
  queryOptions({
    queryKey: viewerKeys.landmarks(studyId),
    queryFn: async ({ signal }) => (await Promise.all(analysisIds.map((id) => listLandmarks(id, signal)))).flat(),
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useStudyLandmarks = (studyId: string, analysisIds: string[], initial?: Landmark[]) =>
  useQuery(studyLandmarksQueryOptions(studyId, analysisIds, initial));

/** The server's answer is shown at once; the invalidation then confirms the whole list. */
export function applyLandmarkAnswer(
  queryClient: QueryClient,
  studyId: string,
  change: { saved: Landmark } | { deletedId: string },
): Promise<void> {
  queryClient.setQueryData<Landmark[]>(viewerKeys.landmarks(studyId), (current = []) => {
    if ('deletedId' in change) return current.filter((landmark) => landmark.id !== change.deletedId);
    const known = current.some((landmark) => landmark.id === change.saved.id);
    return known
      ? current.map((landmark) => (landmark.id === change.saved.id ? change.saved : landmark))
      : [...current, change.saved];
  });
  return queryClient.invalidateQueries({ queryKey: viewerKeys.landmarks(studyId) });
}
