import type { Case, Order } from '@cardiomap/contract';
import { useDegradeOrder } from '../api/degrade-order.ts';
import { useDegradationReasons } from '../api/get-reasons.ts';
import { ReasonTextDialog, shownInDialog } from './ReasonTextDialog.tsx';
import { degradeSchema } from './staff-schemas.ts';

interface Props {
  kase: Case;
  order: Order;
  orderLabel: string;
  onClose: () => void;
}

/**
 * Mark an order's results non-clinical (spec §8): the clinician sees 'Not intended for medical use' and
 * this remark next to the results. One degradation per order, so the dialog says it cannot be undone.
 */
export function DegradeOrderDialog({ kase, order, orderLabel, onClose }: Props) {
  const reasons = useDegradationReasons();
  const degrade = useDegradeOrder(kase, { onError: shownInDialog });
  return (
    <ReasonTextDialog
      name="degrade"
      title={`Mark non-clinical: ${orderLabel}`}
      explanation="The physician will see “Not intended for medical use” and your remark next to the results. This cannot be undone."
      reasons={reasons}
      reasonRequired={false}
      textField="remark"
      textLabel="Remark for the physician"
      textRequired
      schema={degradeSchema}
      submitLabel="Mark non-clinical"
      pendingLabel="Saving…"
      action={{
        isPending: degrade.isPending,
        mutateAsync: ({ reasonId, text }) =>
          degrade.mutateAsync({ orderId: order.id, reasonId: reasonId || null, remark: text }),
      }}
      onClose={onClose}
    />
  );
}
