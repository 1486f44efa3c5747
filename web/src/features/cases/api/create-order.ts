import { type Order, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export type CreateOrder = z.input<typeof routes.createOrder.body>;

export const createOrder = (body: CreateOrder): Promise<Order> => call(routes.createOrder, { body });

/** POST orders/: the case gains an order, so its detail and the lists reload. */
export function useCreateOrder(feedback: MutationFeedback<Order, CreateOrder> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: createOrder,
      onSuccess: (order) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: caseKeys.detail(order.caseId) }),
          queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
        ]),
    },
    feedback,
  );
}
