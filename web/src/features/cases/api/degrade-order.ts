import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { refreshAfterStaffAction } from './refresh-after-staff-action.ts';

export const ORDER_DEGRADED = 'Analysis marked non-clinical';

export type DegradeOrder = z.input<typeof routes.createDegradation.body>;

export const degradeOrder = (body: DegradeOrder) => call(routes.createDegradation, { body });

/** POST degradations/: the order's results become non-clinical, with the remark the clinician reads. */
export function useDegradeOrder(
  kase: { id: string; studyId: string | null },
  feedback: MutationFeedback<unknown, DegradeOrder> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: degradeOrder,
      successToast: ORDER_DEGRADED,
      onSuccess: () => refreshAfterStaffAction(queryClient, kase.id, kase.studyId),
    },
    feedback,
  );
}
