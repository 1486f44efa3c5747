import type { Case, Order } from '@cardiomap/contract';
import { useState } from 'react';
import { errorToastMessage } from '../../../api/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { type DeliveryChange, useChangeDelivery } from '../api/change-delivery.ts';

interface Props {
  kase: Case;
  order: Order;
  orderLabel: string;
  change: DeliveryChange;
  onClose: () => void;
}

const WORDING: Record<DeliveryChange, { title: string; text: string; confirm: string; pending: string }> = {
  undeliver: {
    title: 'Take the delivery back?',
    text: 'The physician will no longer see these results as ready; the analysis is under evaluation again.',
    confirm: 'Undeliver',
    pending: 'Taking back…',
  },
  obsolete: {
    title: 'Mark the delivery obsolete?',
    text: 'The physician will see these results as obsoleted, replaced by a newer delivery. This cannot be undone.',
    confirm: 'Mark obsolete',
    pending: 'Saving…',
  },
};

/** Confirms undeliver (DELETE deliveries/{id}/) or obsolete (PUT deliveries/{id}/obsolete/) of an order. */
export function DeliveryChangeDialog({ kase, order, orderLabel, change, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useChangeDelivery(kase, change, { onError: (e) => setError(errorToastMessage(e)) });
  const words = WORDING[change];
  const deliveryId = order.delivery?.id;
  return (
    <ConfirmDialog
      title={`${words.title} (${orderLabel})`}
      text={words.text}
      confirmLabel={words.confirm}
      pendingLabel={words.pending}
      pending={mutation.isPending}
      error={deliveryId ? error : 'This analysis has no delivery any more.'}
      destructive
      onConfirm={() => deliveryId && mutation.mutate(deliveryId, { onSuccess: onClose })}
      cancelLabel="Keep as it is"
      onClose={onClose}
    />
  );
}
