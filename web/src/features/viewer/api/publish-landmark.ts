import { type Landmark, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { applyLandmarkAnswer } from './list-landmarks.ts';

/** POST landmarks/{id}/publish/: the landmark becomes enabled and published. */
export const publishLandmark = (id: string): Promise<Landmark> => call(routes.publishLandmark, { params: { id } });

export function usePublishLandmark(studyId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: publishLandmark,
    onSuccess: (saved, id) => applyLandmarkAnswer(queryClient, studyId, { id, saved }),
  });
}
