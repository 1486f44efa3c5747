import { Dialog, DialogTitle } from '@mui/material';
import { NewAnalysisForm } from './NewAnalysisForm.tsx';
import { useNewAnalysisForm } from './use-new-analysis-form.ts';

export interface NewAnalysisDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §2 case list dialog "new analysis": creates a case with its initial orders. */
export function NewAnalysisDialog({ open, onClose }: NewAnalysisDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="new-analysis-title">
      <DialogTitle id="new-analysis-title">Request analysis</DialogTitle>
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open && <NewAnalysisBody onClose={onClose} />}
    </Dialog>
  );
}

function NewAnalysisBody({ onClose }: { onClose: () => void }) {
  const state = useNewAnalysisForm(onClose);
  return <NewAnalysisForm state={state} onCancel={onClose} />;
}
