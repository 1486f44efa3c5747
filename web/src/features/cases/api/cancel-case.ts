import { type Case, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const CASE_CANCELED = 'Case canceled';

export const cancelCase = (id: string): Promise<Case> => call(routes.cancelCase, { params: { id } });

/**
 * PUT cases/{id}/cancel/. Lists and the case reload on success, and also on a 409: the case changed
 * under the user (canceled or taken into processing by someone else), so what is on screen is stale.
 */
export function useCancelCase(feedback: MutationFeedback<Case, string> = {}) {
  const queryClient = useQueryClient();
  const refresh = (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: caseKeys.detail(id) }),
    ]);
  return useApiMutation(
    {
      mutationFn: (id: string) => cancelCase(id),
      successToast: CASE_CANCELED,
      onSuccess: (updated) => {
        queryClient.setQueryData(caseKeys.detail(updated.id), updated);
        return refresh(updated.id);
      },
      onError: (error, id) => {
        if (error instanceof ApiError && error.status === 409) void refresh(id);
      },
    },
    feedback,
  );
}
