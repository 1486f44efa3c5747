import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { applyLandmarkAnswer } from './list-landmarks.ts';

/** DELETE landmarks/{id}/. */
export const deleteLandmark = (id: string): Promise<void> =>
  call(routes.deleteLandmark, { params: { id } }) as Promise<void>;

export function useDeleteLandmark(studyId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: deleteLandmark,
    onSuccess: (_, deletedId) => applyLandmarkAnswer(queryClient, studyId, { deletedId }),
  });
}
