import { Paper, Typography } from '@mui/material';
import type { ViewerContext } from '../viewer-context.ts';

/** Spec §2: the '#debug' hash shows the edit state and the points as the engines see them. */
export function LandmarkDebugPanel({ context }: { context: ViewerContext }) {
  const { editState, selectedLandmark, shownLandmarks } = context;
  const debug = {
    editMode: editState.editMode,
    phase: editState.phase,
    error: editState.error,
    draft: editState.draft,
    selected: selectedLandmark && {
      id: selectedLandmark.id,
      points: selectedLandmark.points,
      normal: selectedLandmark.normal,
      centroid: selectedLandmark.centroid,
    },
    shownLandmarkIds: shownLandmarks.map((landmark) => landmark.id),
  };
  return (
    <Paper
      aria-label="Debug"
      variant="outlined"
      sx={{
        position: 'fixed',
        left: 8,
        bottom: 8,
        maxWidth: 480,
        maxHeight: 300,
        overflow: 'auto',
        p: 1,
        zIndex: 1200,
      }}
    >
      <Typography variant="overline">Debug</Typography>
      <pre style={{ margin: 0, fontSize: 11 }}>{JSON.stringify(debug, null, 2)}</pre>
    </Paper>
  );
}
