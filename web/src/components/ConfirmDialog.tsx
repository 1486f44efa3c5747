import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  /** The confirm button's words while the step runs; the confirm label when not given. */
  pendingLabel?: string;
  pending: boolean;
  /** The server's refusal (e.g. a 409: someone changed the case meanwhile), shown where the user looks. */
  error?: string | null;
  cancelLabel?: string;
  /** The confirm button in red: for what takes something away (mark inactive, delete, undeliver). */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec §8/§9: a 400 px confirmation dialog; after a refusal it shows the reason and only a Close button. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  pendingLabel = confirmLabel,
  pending,
  error,
  cancelLabel = 'Cancel',
  destructive,
  onConfirm,
  onClose,
}: Props) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 400 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {error ? 'Close' : cancelLabel}
        </Button>
        {!error && (
          <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
