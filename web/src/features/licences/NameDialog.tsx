import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { useDiscardGuard } from '../../components/use-discard-guard.tsx';

interface Props {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  /** Validates on the client; answers the field message or null. */
  validate: (value: string) => string | null;
  type?: 'text' | 'number';
  field: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (value: string) => Promise<unknown>;
}

/** A one-field dialog: a template's name or a trial licence's case limit, with the server's field message. */
export function OneFieldDialog({
  open,
  title,
  label,
  initial,
  validate,
  type = 'text',
  field,
  submitLabel,
  onClose,
  onSubmit,
}: Props) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(initial);
      setError(null);
    }
  }, [open, initial]);

  const guard = useDiscardGuard(value !== initial, onClose);

  const submit = async () => {
    const invalid = validate(value);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(value);
      onClose();
    } catch (e) {
      const messages = e instanceof ApiError ? [...e.messagesFor(field), ...e.messagesFor('nonFieldErrors')] : [];
      setError(messages.join(' ') || null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={guard.requestClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={label}
            type={type}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
      {guard.confirmation}
    </Dialog>
  );
}
