import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export const DISCARD_TITLE = 'Discard your changes?';
export const DISCARD_TEXT = 'What you entered in this form will be lost.';

/**
 * Issue 30 item 9: a form dialog closed by Escape, a click outside or Cancel asks before throwing typed
 * input away; an untouched form closes at once. `dirty` is read when the user tries to close, so a form
 * passes whatever it knows (react-hook-form's isDirty, or its values against the empty ones).
 *
 * Usage: `const guard = useDiscardGuard(dirty, onClose)`; give `guard.requestClose` to the Dialog's
 * onClose and to Cancel, call `onClose` itself after a successful save, and render `guard.confirmation`.
 */
export function useDiscardGuard(
  dirty: boolean,
  onClose: () => void,
): { requestClose: () => void; confirmation: ReactNode } {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const confirmation = asking ? (
    <ConfirmDialog
      title={DISCARD_TITLE}
      text={DISCARD_TEXT}
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      pending={false}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onClose={() => setAsking(false)}
    />
  ) : null;
  return { requestClose, confirmation };
}
