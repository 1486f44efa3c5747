import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

/** Deleting a result or a figure asks first (spec §9: confirmation dialogs are 400 wide). */
export function ConfirmDeleteDialog({
  what,
  open,
  onCancel,
  onConfirm,
}: {
  what: string;
  open: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} slotProps={{ paper: { sx: { width: 400 } } }}>
      <DialogTitle>Delete {what}?</DialogTitle>
      <DialogContent>This cannot be undone.</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
