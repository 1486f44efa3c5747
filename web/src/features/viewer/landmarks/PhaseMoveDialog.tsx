import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ViewerContext } from '../viewer-context.ts';

/**
 * Issue 28: moving a landmark placed on another cardiac phase than the one shown is asked first; yes
 * moves it on the phase shown (its save records that phase), no leaves it as it is.
 */
export function PhaseMoveDialog({ context }: { context: Pick<ViewerContext, 'edit' | 'editState' | 'currentPhase'> }) {
  const landmark = context.editState.phaseQuestion;
  const answer = (yes: boolean) => context.edit.answerPhaseQuestion(yes);
  return (
    <Dialog open={landmark !== null} onClose={() => answer(false)} aria-labelledby="phase-move-title">
      <DialogTitle id="phase-move-title">Move the landmark to this phase?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {landmark?.displayName || landmark?.name} was placed on cardiac phase {landmark?.phaseLabel ?? 'not recorded'}
          ; the panes show {context.currentPhase?.label}. Moving it records it on {context.currentPhase?.label}.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>Keep it</Button>
        <Button variant="contained" onClick={() => answer(true)}>
          Move to {context.currentPhase?.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
