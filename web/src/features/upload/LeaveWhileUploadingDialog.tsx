import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { LEAVE_WHILE_UPLOADING } from './upload-messages.ts';

interface Props {
  onStay: () => void;
  onLeave: () => void;
}

/** Asked when the user navigates away from the case while its images are uploading. */
export function LeaveWhileUploadingDialog({ onStay, onLeave }: Props) {
  return (
    <Dialog open onClose={onStay} aria-labelledby="leave-upload-title" slotProps={{ paper: { sx: { width: 400 } } }}>
      <DialogTitle id="leave-upload-title">Leave this page?</DialogTitle>
      <DialogContent>
        <DialogContentText>{LEAVE_WHILE_UPLOADING}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} variant="contained">
          Stay
        </Button>
        <Button onClick={onLeave} color="error">
          Leave and cancel upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
