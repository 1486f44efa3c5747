import type { Case } from '@cardiomap/contract';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { useCancelCase } from '../api/cancel-case.ts';

interface Props {
  item: Pick<Case, 'id' | 'caseIdentifier'>;
  onClose: () => void;
}

/**
 * Confirmation before canceling a case (spec §4: irreversible; §9: confirm dialogs are 400 wide). A 409
 * means the case moved on meanwhile (already canceled, taken into processing): the server's reason is
 * shown here, where the user is looking, instead of a toast.
 */
export function CancelCaseDialog({ item, onClose }: Props) {
  const toast = useToast();
  const [conflict, setConflict] = useState<string | null>(null);
  const cancel = useCancelCase({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else toast.error(error);
    },
  });
  const confirm = () => cancel.mutate(item.id, { onSuccess: onClose });

  return (
    <Dialog
      open
      onClose={cancel.isPending ? undefined : onClose}
      aria-labelledby="cancel-case-title"
      slotProps={{ paper: { sx: { width: 400 } } }}
    >
      <DialogTitle id="cancel-case-title">Cancel case {item.caseIdentifier}?</DialogTitle>
      <DialogContent>
        <DialogContentText>Its analyses will not be carried out. This cannot be undone.</DialogContentText>
        {conflict && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {conflict}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {conflict ? 'Close' : 'Keep case'}
        </Button>
        {!conflict && (
          <Button color="error" variant="contained" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Canceling…' : 'Cancel case'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
