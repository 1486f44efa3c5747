import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const DISCARD_REQUEST_TEXT = 'What you entered in the request will be lost.';

interface Props {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

/** Asked when Escape or a click outside would close a request the user has typed into (spec §9 width 400). */
export function DiscardRequestDialog({ open, onKeep, onDiscard }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      aria-labelledby="discard-request-title"
      slotProps={{ paper: { sx: { width: 400 } } }}
    >
      <DialogTitle id="discard-request-title">Discard this request?</DialogTitle>
      <DialogContent>
        <DialogContentText>{DISCARD_REQUEST_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} variant="contained" autoFocus>
          Keep editing
        </Button>
        <Button onClick={onDiscard} color="error">
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
