import { Alert, Button, DialogActions, DialogContent, Stack } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';

interface DialogFormProps {
  /** Accessible name of the form. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The messages of a refused request, shown above the fields. */
  alerts: readonly string[];
  submitLabel: string;
  canSubmit: boolean;
  children: ReactNode;
}

/** The body of a case dialog: its form with the refused request's messages, the fields, Cancel and submit. */
export function DialogForm({ label, onSubmit, onCancel, alerts, submitLabel, canSubmit, children }: DialogFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {alerts.map((message) => (
            <Alert key={message} severity="error">
              {message}
            </Alert>
          ))}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
