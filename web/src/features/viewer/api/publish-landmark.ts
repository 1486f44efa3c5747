import { type Landmark, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { applyLandmarkAnswer } from './list-landmarks.ts';

/** POST landmarks/{id}/publish/: the landmark becomes enabled and published. */
export const publishLandmark = (id: string): Promise<Landmark> => call(routes.publishLandmark, { params: { id } });

export function usePublishLandmark(studyId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: publishLandmark,
    onSuccess: (saved) => applyLandmarkAnswer(queryClient, studyId, { saved }),
    onError: (error) => toast.error(error),
  });
}
