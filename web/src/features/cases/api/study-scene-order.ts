import { routes, type Study, type Visualisation } from '@cardiomap/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { viewerKeys } from '../../viewer/index.ts';
import { staffKeys } from './staff-keys.ts';

export const SCENE_ORDER_CHANGED = 'Scene order changed';

/** The study's visualisations in their display order (the order PATCH studies/{id}/ sets). */
export const useStudyVisualisations = (studyId: string) =>
  useQuery({
    queryKey: staffKeys.visualisations(studyId),
    queryFn: async ({ signal }): Promise<Visualisation[]> =>
      (
        await call(routes.listVisualisations, { query: { study_id: studyId, page_size: 100 }, signal })
      ).results.toSorted((a, b) => a.order - b.order),
  });

/** PATCH studies/{id}/ (advanced case options, simulations.change_study): the scene's visualisation order. */
export function useSetSceneOrder(studyId: string, feedback: MutationFeedback<Study, string[]> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (visualisationIds: string[]) =>
        call(routes.patchStudy, { params: { id: studyId }, body: { visualisationIds } }),
      successToast: SCENE_ORDER_CHANGED,
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: staffKeys.visualisations(studyId) }),
          queryClient.invalidateQueries({ queryKey: viewerKeys.study(studyId) }),
        ]),
    },
    feedback,
  );
}
