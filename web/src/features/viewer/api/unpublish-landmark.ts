import { type Landmark, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { applyLandmarkAnswer } from './list-landmarks.ts';

/** POST landmarks/{id}/unpublish/. */
export const unpublishLandmark = (id: string): Promise<Landmark> => call(routes.unpublishLandmark, { params: { id } });

export function useUnpublishLandmark(studyId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: unpublishLandmark,
    onSuccess: (saved) => applyLandmarkAnswer(queryClient, studyId, { saved }),
    onError: (error) => toast.error(error),
  });
}
