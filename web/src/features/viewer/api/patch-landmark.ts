import { type Landmark, type patchLandmarkSchema, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { applyLandmarkAnswer } from './list-landmarks.ts';

export type PatchLandmarkBody = z.input<typeof patchLandmarkSchema>;

/** PATCH landmarks/{id}/: moved points, name, plane or visibility; measurements are recomputed. */
export const patchLandmark = (id: string, body: PatchLandmarkBody): Promise<Landmark> =>
  call(routes.patchLandmark, { params: { id }, body });

interface Options {
  /** Replaces the default error toast, e.g. to show a refused shape next to the drawing instead. */
  onError?: (error: unknown) => void;
}

export function usePatchLandmark(studyId: string, options: Options = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PatchLandmarkBody }) => patchLandmark(id, body),
    onSuccess: (saved) => applyLandmarkAnswer(queryClient, studyId, { saved }),
    onError: (error) => (options.onError ? options.onError(error) : toast.error(error)),
  });
}
