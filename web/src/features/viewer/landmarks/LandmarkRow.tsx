import type { Landmark } from '@cardiomap/contract';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDeleteLandmark } from '../api/delete-landmark.ts';
import { usePublishLandmark } from '../api/publish-landmark.ts';
import { useUnpublishLandmark } from '../api/unpublish-landmark.ts';
import type { ViewerContext } from '../viewer-context.ts';
import { formatMeasurement, measurementLabel } from './landmark-display.ts';

/** One landmark: colour, name, measurements; selecting it snaps the panes to its plane. */
export function LandmarkRow({ landmark, context }: { landmark: Landmark; context: ViewerContext }) {
  const hidden = context.hiddenLandmarkIds.has(landmark.id);
  const selected = context.selectedLandmark?.id === landmark.id;
  const name = landmark.displayName || landmark.name;
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={hidden ? `Show ${name}` : `Hide ${name}`}
          aria-pressed={hidden}
          onClick={() => context.toggleLandmarkVisibility(landmark.id)}
        >
          {hidden ? <VisibilityOffIcon /> : <VisibilityIcon />}
        </IconButton>
      }
      sx={{ flexWrap: 'wrap' }}
    >
      <ListItemButton
        selected={selected}
        onClick={() => context.selectLandmark(landmark)}
        sx={{ alignItems: 'flex-start' }}
      >
        <Box
          aria-hidden
          sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: landmark.color, mt: 0.75, mr: 1, flexShrink: 0 }}
        />
        <ListItemText
          primary={
            <>
              {name}
              {!landmark.isPublished && (
                <Typography component="span" variant="caption" color="text.secondary">
                  {' '}
                  (unpublished)
                </Typography>
              )}
            </>
          }
          secondary={[
            ...Object.entries(landmark.measurements).map(
              ([key, value]) => `${measurementLabel(key)}: ${formatMeasurement(key, value)}`,
            ),
            // Issue 28: on a gated study every measurement says the cardiac phase it was taken on.
            ...(context.load.phases.length > 1 ? [`Phase: ${landmark.phaseLabel ?? 'not recorded'}`] : []),
          ].join(' · ')}
        />
      </ListItemButton>
      {context.editState.editMode && <LandmarkActions landmark={landmark} context={context} name={name} />}
    </ListItem>
  );
}

function LandmarkActions({ landmark, context, name }: { landmark: Landmark; context: ViewerContext; name: string }) {
  const studyId = context.load.study.id;
  const publish = usePublishLandmark(studyId);
  const unpublish = useUnpublishLandmark(studyId);
  const remove = useDeleteLandmark(studyId);
  // Spec §9: confirmation dialogs are 400 wide.
  const [confirming, setConfirming] = useState(false);
  const busy = publish.isPending || unpublish.isPending || remove.isPending || context.editState.phase !== 'idle';
  return (
    <Stack direction="row" spacing={0.5} sx={{ width: '100%', pl: 4, pb: 1 }}>
      {landmark.canEdit && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => context.edit.beginMove(landmark)}
          aria-label={`Move points of ${name}`}
        >
          Move points
        </Button>
      )}
      {landmark.canPublish &&
        (landmark.isPublished ? (
          <Button
            size="small"
            disabled={busy}
            onClick={() => unpublish.mutate(landmark.id)}
            aria-label={`Unpublish ${name}`}
          >
            Unpublish
          </Button>
        ) : (
          <Button
            size="small"
            disabled={busy}
            onClick={() => publish.mutate(landmark.id)}
            aria-label={`Publish ${name}`}
          >
            Publish
          </Button>
        ))}
      {landmark.canDelete && (
        <Button
          size="small"
          color="error"
          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} slotProps={{ paper: { sx: { width: 400 } } }}>
        <DialogTitle>Delete {name}?</DialogTitle>
        <DialogContent>This cannot be undone.</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirming(false);
              remove.mutate(landmark.id);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
