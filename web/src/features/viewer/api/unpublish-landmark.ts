import { type Landmark, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { applyLandmarkAnswer } from './list-landmarks.ts';

/** POST landmarks/{id}/unpublish/. */
export const unpublishLandmark = (id: string): Promise<Landmark> => call(routes.unpublishLandmark, { params: { id } });

export function useUnpublishLandmark(studyId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: unpublishLandmark,
    onSuccess: (saved, id) => applyLandmarkAnswer(queryClient, studyId, { id, saved }),
  });
}
