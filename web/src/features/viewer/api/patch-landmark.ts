import { type Landmark, type patchLandmarkSchema, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { applyLandmarkAnswer } from './list-landmarks.ts';

export type PatchLandmarkBody = z.input<typeof patchLandmarkSchema>;

/** PATCH landmarks/{id}/: moved points, name, plane or visibility; measurements are recomputed. */
export const patchLandmark = (id: string, body: PatchLandmarkBody): Promise<Landmark> =>
  call(routes.patchLandmark, { params: { id }, body });

export function usePatchLandmark(
  studyId: string,
  feedback: MutationFeedback<Landmark, { id: string; body: PatchLandmarkBody }> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: ({ id, body }: { id: string; body: PatchLandmarkBody }) => patchLandmark(id, body),
      onSuccess: (saved, { id }) => applyLandmarkAnswer(queryClient, studyId, { id, saved }),
    },
    feedback,
  );
}
