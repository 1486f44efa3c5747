import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal (e.g. a 409: someone changed the case meanwhile), shown where the user looks. */
  error?: string | null;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec §9 confirm dialog (width 400) before a staff step that changes what the clinician sees. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  pendingLabel,
  pending,
  error,
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
          {error ? 'Close' : 'Keep as it is'}
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
