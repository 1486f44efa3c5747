import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const revokeShare = (caseId: string, userId: string): Promise<void> =>
  call(routes.revokeShare, { params: { caseId, userId } });

/** DELETE shared-cases/{caseId}/{userId}/: access ends at once, so the case and lists reload. */
export function useRevokeShare(caseId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (userId: string) => revokeShare(caseId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
        queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
      ]),
  });
}
