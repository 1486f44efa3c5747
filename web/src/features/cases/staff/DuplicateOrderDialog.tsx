import type { Case, Order } from '@cardiomap/contract';
import { useState } from 'react';
import { allErrorMessages } from '../../../api/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useDuplicateOrder } from '../api/duplicate-order.ts';

/** Confirms ordering the same analysis again (POST orders/{id}/duplicate/): same service, devices and sizes. */
export function DuplicateOrderDialog({
  order,
  orderLabel,
  onClose,
}: {
  kase: Case;
  order: Order;
  orderLabel: string;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const duplicate = useDuplicateOrder({ onError: (e) => setError(allErrorMessages(e).join(' ')) });
  return (
    <ConfirmDialog
      title="Duplicate this order?"
      text={`A new order for ${orderLabel}, with the same devices and sizes, starts under evaluation.`}
      confirmLabel="Duplicate order"
      pendingLabel="Ordering…"
      pending={duplicate.isPending}
      error={error}
      onConfirm={() => duplicate.mutate(order.id, { onSuccess: onClose })}
      cancelLabel="Keep as it is"
      onClose={onClose}
    />
  );
}
