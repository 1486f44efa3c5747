import { FormControlLabel, List, Stack, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import type { ViewerContext } from '../viewer-context.ts';
import { LandmarkDraftBar } from './LandmarkDraftBar.tsx';
import { LandmarkRow } from './LandmarkRow.tsx';
import { listedLandmarks } from './landmark-display.ts';
import { NewLandmarkForm } from './NewLandmarkForm.tsx';

/**
 * Spec §4 landmarks: the list with measurements, visibility and selection; edit mode (for users who
 * may create landmarks) adds creating, moving, publishing and deleting, each only where the server's
 * rights on the landmark allow it.
 */
export function LandmarkPanel({ context }: { context: ViewerContext }) {
  const { editState, edit, load } = context;
  const landmarks = listedLandmarks(context.landmarks, editState.editMode);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={titleId} variant="subtitle1" component="h2">
          Landmarks
        </Typography>
        {load.permissions.canCreateLandmarks && (
          <FormControlLabel
            control={
              <Switch
                checked={editState.editMode}
                onChange={(event) => edit.setEditMode(event.target.checked)}
                disabled={editState.phase === 'saving'}
              />
            }
            label="Edit mode"
          />
        )}
      </Stack>
      {editState.editMode &&
        (editState.draft ? <LandmarkDraftBar context={context} /> : <NewLandmarkForm context={context} />)}
      {landmarks.length === 0 ? (
        <Typography color="text.secondary">No landmarks.</Typography>
      ) : (
        <List dense aria-label="Landmarks">
          {landmarks.map((landmark) => (
            <LandmarkRow key={landmark.id} landmark={landmark} context={context} />
          ))}
        </List>
      )}
    </section>
  );
}
