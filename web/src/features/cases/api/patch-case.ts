import { type Case, type PatchCase, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { caseKeys } from './case-keys.ts';

export const patchCase = (id: string, body: PatchCase): Promise<Case> =>
  call(routes.patchCase, { params: { id }, body });

/** PATCH cases/{id}/: the answer replaces the cached case; lists reload because they show it too. */
export function usePatchCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchCase) => patchCase(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(caseKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    },
  });
}
