import { type Case, type CreateCase, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { caseKeys } from './case-keys.ts';

export const createCase = (body: CreateCase): Promise<Case> => call(routes.createCase, { body });

/** POST cases/: errors are left to the form, which maps them onto its fields (spec §8). */
export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: (created) => {
      queryClient.setQueryData(caseKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    },
  });
}
