import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { annulusPhaseNote } from '../phases/viewer-phases.ts';
import type { ViewerContext } from '../viewer-context.ts';

/**
 * While points are placed in the panes: what is being drawn, how far, and save or cancel. Beside the
 * panes, it is where a shape's problem is said: at once for an outline that crosses itself, and the
 * server's reason when a save is refused.
 */
export function LandmarkDraftBar({
  context,
}: {
  context: Pick<ViewerContext, 'edit' | 'editState' | 'load' | 'currentPhase'>;
}) {
  const { editState, edit, load, currentPhase } = context;
  const draft = editState.draft;
  if (!draft) return null;
  const phaseNote = annulusPhaseNote(draft.name, currentPhase, load.phases);
  const saving = editState.phase === 'saving';
  return (
    <Paper variant="outlined" sx={{ p: 1, my: 1 }} aria-label="Landmark being placed">
      <Typography variant="body2">
        {draft.landmarkId
          ? `Moving ${draft.name || 'custom landmark'}: drag its points in the MPR panes, then save.`
          : `Placing ${draft.name || 'custom landmark'}: ${draft.points.length} point(s) placed in the MPR panes.`}
      </Typography>
      {load.phases.length > 1 && currentPhase && (
        <Typography variant="body2" color="text.secondary">
          On cardiac phase {currentPhase.label}.
        </Typography>
      )}
      {phaseNote && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {phaseNote}
        </Alert>
      )}
      {editState.error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {editState.error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="contained" disabled={saving} onClick={() => void edit.save()}>
          Save
        </Button>
        <Button size="small" disabled={saving} onClick={() => edit.cancel()}>
          Cancel
        </Button>
      </Stack>
    </Paper>
  );
}
