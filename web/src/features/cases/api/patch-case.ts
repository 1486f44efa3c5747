import { type Case, type PatchCase, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const patchCase = (id: string, body: PatchCase): Promise<Case> =>
  call(routes.patchCase, { params: { id }, body });

/** PATCH cases/{id}/: the answer replaces the cached case; lists reload because they show it too. */
export function usePatchCase(id: string, feedback: MutationFeedback<Case, PatchCase> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (body: PatchCase) => patchCase(id, body),
      successToast: 'Case edited successfully',
      onSuccess: (updated) => {
        queryClient.setQueryData(caseKeys.detail(id), updated);
        return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
      },
    },
    feedback,
  );
}
