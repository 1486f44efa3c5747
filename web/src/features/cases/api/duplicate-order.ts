import { type Order, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const ORDER_DUPLICATED = 'Order duplicated';

export const duplicateOrder = (orderId: string): Promise<Order> =>
  call(routes.duplicateOrder, { params: { id: orderId } });

/** POST orders/{id}/duplicate/: the case gains the same order again. */
export function useDuplicateOrder(feedback: MutationFeedback<Order, string> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: duplicateOrder,
      successToast: ORDER_DUPLICATED,
      onSuccess: (order) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: caseKeys.detail(order.caseId) }),
          queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
        ]),
    },
    feedback,
  );
}
