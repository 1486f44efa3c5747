import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContentText, DialogTitle, TextField } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../api/index.ts';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import type { Reason } from '../api/get-reasons.ts';
import { DialogForm } from '../dialogs/DialogForm.tsx';
import { ReasonSelect } from './ReasonSelect.tsx';

/** The form every reason-and-text staff action shares: a reason from a catalogue and a free text. */
export interface ReasonTextValues {
  reasonId: string;
  text: string;
}

/** A mutation created with `onError: shownInDialog`: this dialog shows its failures in the form. */
interface DialogAction {
  isPending: boolean;
  mutateAsync: (values: ReasonTextValues) => Promise<unknown>;
}

/** For the mutation hook's `onError`: the dialog puts the failure on its fields, not in a toast. */
export const shownInDialog = (): void => undefined;

interface Props {
  /** Prefix of the element ids, e.g. 'reject' gives reject-title, reject-reason, reject-comment. */
  name: string;
  title: ReactNode;
  /** What happens, for the user about to do it; these actions cannot be undone, so it says so. */
  explanation: string;
  reasons: UseQueryResult<Reason[]>;
  reasonRequired: boolean;
  /** The text's API field ('comment', 'remark'): server errors on it land on the text field. */
  textField: string;
  textLabel: string;
  textRequired: boolean;
  schema: z.ZodType<ReasonTextValues, ReasonTextValues>;
  submitLabel: string;
  pendingLabel: string;
  action: DialogAction;
  onClose: () => void;
}

/** Reject a case, degrade an order: a reason, a text for the physician, one irreversible submit. */
export function ReasonTextDialog(props: Props) {
  const { name, action, reasons, onClose } = props;
  const [alerts, setAlerts] = useState<string[]>([]);
  const form = useForm<ReasonTextValues>({
    mode: 'onTouched',
    defaultValues: { reasonId: '', text: '' },
    resolver: zodResolver(props.schema),
  });
  const submit = form.handleSubmit(async (values) => {
    setAlerts([]);
    const done = await action.mutateAsync(values).then(
      () => true,
      (error: unknown) => {
        setAlerts(
          applyServerErrors(
            error,
            (path) => (path === 'reasonId' ? 'reasonId' : path === props.textField ? 'text' : null),
            (field, message) => form.setError(field, { message }),
          ),
        );
        return false;
      },
    );
    if (done) onClose();
  });
  const guard = useDiscardGuard(form.formState.isDirty, onClose);
  const canSubmit = !action.isPending && (!props.reasonRequired || reasons.isSuccess);
  return (
    <Dialog
      open
      onClose={action.isPending ? undefined : guard.requestClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${name}-title`}
    >
      <DialogTitle id={`${name}-title`}>{props.title}</DialogTitle>
      <DialogForm
        label={props.submitLabel}
        onSubmit={submit}
        onCancel={guard.requestClose}
        alerts={alerts}
        submitLabel={action.isPending ? props.pendingLabel : props.submitLabel}
        canSubmit={canSubmit}
      >
        <DialogContentText>{props.explanation}</DialogContentText>
        <Controller
          control={form.control}
          name="reasonId"
          render={({ field, fieldState }) => (
            <ReasonSelect
              id={`${name}-reason`}
              label="Reason"
              required={props.reasonRequired}
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
          name="text"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id={`${name}-${props.textField}`}
              label={props.textLabel}
              required={props.textRequired}
              multiline
              minRows={3}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </DialogForm>
      {guard.confirmation}
    </Dialog>
  );
}
