import { type createLandmarkSchema, type Landmark, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { applyLandmarkAnswer } from './list-landmarks.ts';

export type CreateLandmarkBody = z.input<typeof createLandmarkSchema>;

/** POST landmarks/: the server computes the measurements; a custom landmark starts unpublished. */
export const createLandmark = (body: CreateLandmarkBody): Promise<Landmark> => call(routes.createLandmark, { body });

interface Options {
  /** Replaces the default error toast, e.g. to show a refused shape next to the drawing instead. */
  onError?: (error: unknown) => void;
}

export function useCreateLandmark(studyId: string, options: Options = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: createLandmark,
    onSuccess: (saved) => applyLandmarkAnswer(queryClient, studyId, { saved }),
    onError: (error) => (options.onError ? options.onError(error) : toast.error(error)),
  });
}
