import { type createLandmarkSchema, type Landmark, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { applyLandmarkAnswer } from './list-landmarks.ts';

export type CreateLandmarkBody = z.input<typeof createLandmarkSchema>;

/** POST landmarks/: the server computes the measurements; a custom landmark starts unpublished. */
export const createLandmark = (body: CreateLandmarkBody): Promise<Landmark> => call(routes.createLandmark, { body });

export function useCreateLandmark(studyId: string, feedback: MutationFeedback<Landmark, CreateLandmarkBody> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: createLandmark,
      onSuccess: (created) => applyLandmarkAnswer(queryClient, studyId, { created }),
    },
    feedback,
  );
}
