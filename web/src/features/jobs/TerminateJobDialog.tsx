import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTerminateJob } from './api/terminate-job.ts';

interface Props {
  job: { id: string; caseId: string; jobType: { name: string } };
  onClose: () => void;
  onTerminated?: () => void;
}

/** Confirmation before terminating a job (spec §9: confirm dialogs are 400 wide). */
export function TerminateJobDialog({ job, onClose, onTerminated }: Props) {
  const terminate = useTerminateJob(job.caseId);
  return (
    <Dialog
      open
      onClose={terminate.isPending ? undefined : onClose}
      aria-labelledby="terminate-job-title"
      slotProps={{ paper: { sx: { width: 400 } } }}
    >
      <DialogTitle id="terminate-job-title">Terminate {job.jobType.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The job stops and its work so far is discarded. The uploaded images are kept and can be processed again.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={terminate.isPending}>
          Keep running
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={terminate.isPending}
          onClick={() => terminate.mutate(job.id, { onSuccess: onTerminated, onSettled: onClose })}
        >
          Terminate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
