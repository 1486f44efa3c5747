import { type Case, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';
import { refreshAfterStaffAction } from './refresh-after-staff-action.ts';

export const CASE_REJECTED = 'Case rejected';

export type RejectCase = z.input<typeof routes.rejectCase.body>;

export const rejectCase = (id: string, body: RejectCase): Promise<Case> =>
  call(routes.rejectCase, { params: { id }, body });

/** PUT cases/{id}/reject/: the answer is the rejected case; lists reload. */
export function useRejectCase(
  kase: { id: string; studyId: string | null },
  feedback: MutationFeedback<Case, RejectCase> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (body: RejectCase) => rejectCase(kase.id, body),
      successToast: CASE_REJECTED,
      onSuccess: (updated) => {
        queryClient.setQueryData(caseKeys.detail(updated.id), updated);
        return refreshAfterStaffAction(queryClient, kase.id, kase.studyId);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409)
          void refreshAfterStaffAction(queryClient, kase.id, kase.studyId);
      },
    },
    feedback,
  );
}
