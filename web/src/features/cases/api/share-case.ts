import { type Case, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { caseKeys } from './case-keys.ts';

/** Spec §5/§6: share with one e-mail address, or with the Field Clinical Specialists of one device. */
export type ShareTarget = { email: string } | { deviceId: string };

export const shareCase = (id: string, target: ShareTarget): Promise<Case> =>
  call(routes.shareCase, { params: { id }, body: target });

/**
 * PUT cases/{id}/share/ once per target. Errors are left to the caller: the share dialog words them per
 * e-mail address (spec §8 "Share failure").
 */
export function useShareCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ShareTarget) => shareCase(id, target),
    onSuccess: (updated) => queryClient.setQueryData(caseKeys.detail(id), updated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
  });
}
