import type { Case, Order } from '@cardiomap/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useDegradeOrder } from '../api/degrade-order.ts';
import { useDegradationReasons } from '../api/get-reasons.ts';
import { DialogForm } from '../dialogs/DialogForm.tsx';
import { applyServerErrors } from '../dialogs/server-errors.ts';
import { ReasonSelect } from './ReasonSelect.tsx';
import { type DegradeValues, degradeSchema } from './staff-schemas.ts';

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
  const [alerts, setAlerts] = useState<string[]>([]);
  const form = useForm<DegradeValues>({
    mode: 'onTouched',
    defaultValues: { reasonId: '', remark: '' },
    resolver: zodResolver(degradeSchema),
  });
  const degrade = useDegradeOrder(kase, {
    onError: (error) =>
      setAlerts(
        applyServerErrors(
          error,
          (path) => (path === 'reasonId' || path === 'remark' ? path : null),
          (field, message) => form.setError(field, { message }),
        ),
      ),
  });
  const submit = form.handleSubmit(async (values) => {
    setAlerts([]);
    const done = await degrade
      .mutateAsync({ orderId: order.id, reasonId: values.reasonId || null, remark: values.remark })
      .catch(shownByOnError);
    if (done) onClose();
  });
  return (
    <Dialog
      open
      onClose={degrade.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="degrade-title"
    >
      <DialogTitle id="degrade-title">Mark non-clinical: {orderLabel}</DialogTitle>
      <DialogForm
        label="Mark non-clinical"
        onSubmit={submit}
        onCancel={onClose}
        alerts={alerts}
        submitLabel={degrade.isPending ? 'Saving…' : 'Mark non-clinical'}
        canSubmit={!degrade.isPending}
      >
        <DialogContentText>
          The physician will see “Not intended for medical use” and your remark next to the results. This cannot be
          undone.
        </DialogContentText>
        <Controller
          control={form.control}
          name="reasonId"
          render={({ field, fieldState }) => (
            <ReasonSelect
              id="degrade-reason"
              label="Reason"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              reasons={reasons}
            />
          )}
        />
        <Controller
          control={form.control}
          name="remark"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="degrade-remark"
              label="Remark for the physician"
              required
              multiline
              minRows={3}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </DialogForm>
    </Dialog>
  );
}
