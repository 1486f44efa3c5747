import { type Landmark, MAX_PAGE_SIZE, routes } from '@cardiomap/contract';
import { addById, removeById, replaceById } from '@cardiomap/domain';
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

/** What a landmark write answered: a new landmark, the saved state of the one `id` names, or a deletion. */
export type LandmarkAnswer = { created: Landmark } | { id: string; saved: Landmark } | { deletedId: string };

/**
 * The server's answer is shown at once; the invalidation then confirms the whole list. An answer for a
 * landmark the list does not hold, or of another id than the one written, throws (spec §5 Viewer):
 * the mutation fails with that message instead of showing something the server does not hold.
 */
export function applyLandmarkAnswer(queryClient: QueryClient, studyId: string, change: LandmarkAnswer): Promise<void> {
  queryClient.setQueryData<Landmark[]>(viewerKeys.landmarks(studyId), (current = []) => {
    if ('deletedId' in change) return removeById('landmark', current, change.deletedId);
    if ('created' in change) {
      // A refetch that finished first may hold the new landmark already: the same one, so it is replaced.
      const { created } = change;
      const held = current.some((landmark) => landmark.id === created.id);
      return held ? replaceById('landmark', current, created.id, created) : addById('landmark', current, created);
    }
    return replaceById('landmark', current, change.id, change.saved);
  });
  return queryClient.invalidateQueries({ queryKey: viewerKeys.landmarks(studyId) });
}
