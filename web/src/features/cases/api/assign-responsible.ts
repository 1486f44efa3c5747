import { type Case, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const RESPONSIBLE_ASSIGNED = 'Case responsible assigned';

export const assignResponsible = (id: string, caseResponsibleId: string): Promise<Case> =>
  call(routes.assignCaseResponsible, { params: { id }, body: { caseResponsibleId } });

/** PUT cases/{id}/assign-case-responsible/. */
export function useAssignResponsible(caseId: string, feedback: MutationFeedback<Case, string> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (userId: string) => assignResponsible(caseId, userId),
      successToast: RESPONSIBLE_ASSIGNED,
      onSuccess: (updated) => {
        queryClient.setQueryData(caseKeys.detail(updated.id), updated);
        return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
      },
    },
    feedback,
  );
}
