import { type Case, type Order, type OrderStatus, routes } from '@cardiomap/contract';
import { ordersAffectedByDeviceChange } from '@cardiomap/domain';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export interface DeviceChange {
  deviceIds: string[];
  deviceVariantIds: string[];
}

/** The new devices of one order: a simulation order, for one, names only one device. */
export type DeviceChangeFor = (order: Order) => DeviceChange;

/**
 * Spec §4: changing devices affects only orders in progress, so one PUT per such order. They run one
 * after another: a failure stops the rest and the case reloads either way, showing what changed.
 */
export async function changeRequestedDevices(kase: Case, changeFor: DeviceChangeFor): Promise<Order[]> {
  const changed: Order[] = [];
  // The wire types status as a plain number; the values are OrderStatus by contract.
  const orders = kase.orders as (Order & { status: OrderStatus })[];
  for (const order of ordersAffectedByDeviceChange(orders)) {
    changed.push(await call(routes.changeRequestedDevice, { params: { id: order.id }, body: changeFor(order) }));
  }
  return changed;
}

export function useChangeRequestedDevices(kase: Case, feedback: MutationFeedback<Order[], DeviceChangeFor> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (changeFor: DeviceChangeFor) => changeRequestedDevices(kase, changeFor),
      successToast: 'Successfully changed devices for affected orders',
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: caseKeys.detail(kase.id) }),
          queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
        ]),
    },
    feedback,
  );
}
