import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  /** The confirm button in red: for what takes something away (mark inactive, delete). */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §8/§9: confirmation dialogs are 400 px wide. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy,
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-title"
      slotProps={{ paper: { sx: { width: 400 } } }}
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color={destructive ? 'error' : 'primary'} variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
