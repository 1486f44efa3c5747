import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { refreshAfterStaffAction } from './refresh-after-staff-action.ts';

export const DELIVERY_TAKEN_BACK = 'Delivery taken back';
export const DELIVERY_OBSOLETED = 'Delivery marked obsolete';

export type DeliveryChange = 'undeliver' | 'obsolete';

/** DELETE deliveries/{id}/ (undeliver) or PUT deliveries/{id}/obsolete/. */
export const changeDelivery = async (change: DeliveryChange, deliveryId: string): Promise<void> => {
  if (change === 'undeliver') await call(routes.deleteDelivery, { params: { id: deliveryId } });
  else await call(routes.obsoleteDelivery, { params: { id: deliveryId } });
};

/** Taking a delivery back or obsoleting it; the case and the viewer reload either way (a 409 means stale). */
export function useChangeDelivery(
  kase: { id: string; studyId: string | null },
  change: DeliveryChange,
  feedback: MutationFeedback<void, string> = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterStaffAction(queryClient, kase.id, kase.studyId);
  return useApiMutation(
    {
      mutationFn: (deliveryId: string) => changeDelivery(change, deliveryId),
      successToast: change === 'undeliver' ? DELIVERY_TAKEN_BACK : DELIVERY_OBSOLETED,
      onSuccess: refresh,
      onError: refresh,
    },
    feedback,
  );
}
