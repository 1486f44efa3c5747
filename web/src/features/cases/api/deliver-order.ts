import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { refreshAfterStaffAction } from './refresh-after-staff-action.ts';

export const ORDER_DELIVERED = 'Analysis delivered';

export interface DeliverOrder {
  orderId: string;
  analysisId: string;
}

export const deliverOrder = (body: DeliverOrder) => call(routes.createDelivery, { body });

/** POST deliveries/ with the analysis chosen: the order (and maybe the case) is delivered. */
export function useDeliverOrder(
  kase: { id: string; studyId: string | null },
  feedback: MutationFeedback<unknown, DeliverOrder> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: deliverOrder,
      successToast: ORDER_DELIVERED,
      onSuccess: () => refreshAfterStaffAction(queryClient, kase.id, kase.studyId),
      // A 409 says the case moved on under the user: show it as it is now.
      onError: () => refreshAfterStaffAction(queryClient, kase.id, kase.studyId),
    },
    feedback,
  );
}
