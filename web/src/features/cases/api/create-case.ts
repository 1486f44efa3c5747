import { type Case, type CreateCase, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const createCase = (body: CreateCase): Promise<Case> => call(routes.createCase, { body });

/** POST cases/: the new analysis form passes `onError` to map errors onto its fields (spec §8). */
export function useCreateCase(feedback: MutationFeedback<Case, CreateCase> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: createCase,
      successToast: (created) => `Analysis requested: ${created.caseIdentifier}`,
      onSuccess: (created) => {
        queryClient.setQueryData(caseKeys.detail(created.id), created);
        return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
      },
    },
    feedback,
  );
}
