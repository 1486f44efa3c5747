import type { Case } from '@cardiomap/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useRejectionReasons } from '../api/get-reasons.ts';
import { useRejectCase } from '../api/reject-case.ts';
import { DialogForm } from '../dialogs/DialogForm.tsx';
import { applyServerErrors } from '../dialogs/server-errors.ts';
import { ReasonSelect } from './ReasonSelect.tsx';
import { type RejectValues, rejectSchema } from './staff-schemas.ts';

/**
 * Reject a case in progress (spec §4): a reason and the analyst's comment, which the clinician then
 * reads under 'Could not be processed' (spec §2). Irreversible, so the dialog says so.
 */
export function RejectCaseDialog({ kase, onClose }: { kase: Case; onClose: () => void }) {
  const reasons = useRejectionReasons();
  const [alerts, setAlerts] = useState<string[]>([]);
  const form = useForm<RejectValues>({
    mode: 'onTouched',
    defaultValues: { reasonId: '', comment: '' },
    resolver: zodResolver(rejectSchema),
  });
  const reject = useRejectCase(kase, {
    onError: (error) =>
      setAlerts(
        applyServerErrors(
          error,
          (path) => (path === 'reasonId' || path === 'comment' ? path : null),
          (field, message) => form.setError(field, { message }),
        ),
      ),
  });
  const submit = form.handleSubmit(async (values) => {
    setAlerts([]);
    const done = await reject.mutateAsync(values).catch(shownByOnError);
    if (done) onClose();
  });
  return (
    <Dialog
      open
      onClose={reject.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="reject-title"
    >
      <DialogTitle id="reject-title">Reject case {kase.caseIdentifier}?</DialogTitle>
      <DialogForm
        label="Reject case"
        onSubmit={submit}
        onCancel={onClose}
        alerts={alerts}
        submitLabel={reject.isPending ? 'Rejecting…' : 'Reject case'}
        canSubmit={!reject.isPending && reasons.isSuccess}
      >
        <DialogContentText>
          The physician will see “Could not be processed” with the reason and your comment. The case's analyses are
          canceled. This cannot be undone.
        </DialogContentText>
        <Controller
          control={form.control}
          name="reasonId"
          render={({ field, fieldState }) => (
            <ReasonSelect
              id="reject-reason"
              label="Reason"
              required
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
          name="comment"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="reject-comment"
              label="Comment for the physician"
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
