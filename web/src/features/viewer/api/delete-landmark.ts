import { routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { applyLandmarkAnswer } from './list-landmarks.ts';

/** DELETE landmarks/{id}/. */
export const deleteLandmark = (id: string): Promise<void> =>
  call(routes.deleteLandmark, { params: { id } }) as Promise<void>;

export function useDeleteLandmark(studyId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: deleteLandmark,
    onSuccess: (_, deletedId) => applyLandmarkAnswer(queryClient, studyId, { deletedId }),
    onError: (error) => toast.error(error),
  });
}
