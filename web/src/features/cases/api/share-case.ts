import { type Case, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

/** Spec §5/§6: share with one e-mail address, or with the Field Clinical Specialists of one device. */
export type ShareTarget = { email: string } | { deviceId: string };

export const shareCase = (id: string, target: ShareTarget): Promise<Case> =>
  call(routes.shareCase, { params: { id }, body: target });

export const SHARE_SUCCESS = 'Successfully shared case';

/** PUT cases/{id}/share/ for one target. */
export function useShareCase(id: string, feedback: MutationFeedback<Case, ShareTarget> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (target: ShareTarget) => shareCase(id, target),
      successToast: SHARE_SUCCESS,
      onSuccess: (updated) => {
        queryClient.setQueryData(caseKeys.detail(id), updated);
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
    },
    feedback,
  );
}
