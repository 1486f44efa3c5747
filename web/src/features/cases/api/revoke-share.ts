import { routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { caseKeys } from './case-keys.ts';

export const revokeShare = (caseId: string, userId: string): Promise<void> =>
  call(routes.revokeShare, { params: { caseId, userId } });

/** DELETE shared-cases/{caseId}/{userId}/: access ends at once, so the case and lists reload. */
export function useRevokeShare(caseId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (userId: string) => revokeShare(caseId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
        queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
      ]),
    onError: (error) => toast.error(error),
  });
}
