import { type Case, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { caseKeys } from './case-keys.ts';

export const cancelCase = (id: string): Promise<Case> => call(routes.cancelCase, { params: { id } });

interface Options {
  /** Replaces the default error toast, e.g. to show a conflict inside the dialog. */
  onError?: (error: unknown) => void;
}

/**
 * PUT cases/{id}/cancel/. Lists and the case reload on success, and also on a 409: the case changed
 * under the user (canceled or taken into processing by someone else), so what is on screen is stale.
 */
export function useCancelCase(options: Options = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: caseKeys.detail(id) }),
    ]);
  return useMutation({
    mutationFn: (id: string) => cancelCase(id),
    onSuccess: (updated) => {
      queryClient.setQueryData(caseKeys.detail(updated.id), updated);
      return refresh(updated.id);
    },
    onError: (error, id) => {
      if (error instanceof ApiError && error.status === 409) void refresh(id);
      if (options.onError) options.onError(error);
      else toast.error(error);
    },
  });
}
