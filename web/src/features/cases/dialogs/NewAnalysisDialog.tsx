import { Dialog, DialogTitle } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DiscardRequestDialog } from './DiscardRequestDialog.tsx';
import { NewAnalysisForm } from './NewAnalysisForm.tsx';
import { useNewAnalysisForm } from './use-new-analysis-form.ts';

export interface NewAnalysisDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec §2 case list dialog "new analysis": creates a case with its initial orders. Escape, a click
 * outside or Cancel closes an untouched form at once but asks before throwing typed input away (issue 30
 * item 9: every form dialog does).
 */
export function NewAnalysisDialog({ open, onClose }: NewAnalysisDialogProps) {
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const markDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const close = () => {
    dirty.current = false;
    setConfirming(false);
    onClose();
  };
  const requestClose = () => (dirty.current ? setConfirming(true) : close());
  return (
    <>
      <Dialog open={open} onClose={requestClose} maxWidth="sm" fullWidth aria-labelledby="new-analysis-title">
        <DialogTitle id="new-analysis-title">Request analysis</DialogTitle>
        {/* Mounted only while open, so every opening starts from an empty form. */}
        {open && <NewAnalysisBody onClose={close} onCancel={requestClose} onDirtyChange={markDirty} />}
      </Dialog>
      <DiscardRequestDialog open={open && confirming} onKeep={() => setConfirming(false)} onDiscard={close} />
    </>
  );
}

interface BodyProps {
  onClose: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function NewAnalysisBody({ onClose, onCancel, onDirtyChange }: BodyProps) {
  const state = useNewAnalysisForm(onClose);
  const { isDirty } = state.form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  return <NewAnalysisForm state={state} onCancel={onCancel} />;
}
