import type { AnalysisResource, ViewerLoad } from '@cardiomap/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDeleteAnalysisResource } from '../api/delete-analysis-resource.ts';
import { useFigures } from '../api/list-figures.ts';
import { CaptureFigureDialog } from '../figures/CaptureFigureDialog.tsx';
import { childOfView, FIGURE_VIEW_LABELS, figureAttributesOf, restoreFigureView } from '../figures/figure-views.ts';
import { ConfirmDeleteDialog } from '../results/ConfirmDeleteDialog.tsx';
import { FIGURE_DELETED } from '../results/result-messages.ts';
import { useViewerSession } from '../session/viewer-session-context.ts';
import { MISSING_FILE } from '../viewer-messages.ts';

const captionOf = (figure: AnalysisResource) => figureAttributesOf(figure)?.caption ?? figure.name;

/**
 * Spec §2 "Figures": the study's figures as thumbnails with their captions. A click brings the view back
 * to the plane or camera the figure was taken from (opening that view first); the magnifier shows it
 * large. Staff capture new figures here and delete one after confirming.
 */
export function FiguresTab({ load }: { load: ViewerLoad }) {
  const studyId = load.study.id;
  const canEdit = load.permissions.canAddAnalysisResources;
  const figures = useFigures(studyId);
  const session = useViewerSession();
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const [open, setOpen] = useState<AnalysisResource | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [deleting, setDeleting] = useState<AnalysisResource | null>(null);
  const remove = useDeleteAnalysisResource(studyId, FIGURE_DELETED);
  const stopRestoring = useRef<() => void>(() => undefined);
  useEffect(() => () => stopRestoring.current(), []);

  const restore = (figure: AnalysisResource) => {
    const attributes = figureAttributesOf(figure);
    if (!attributes) {
      setOpen(figure);
      return;
    }
    stopRestoring.current();
    const child = childOfView(attributes.view);
    if (!pathname.endsWith(`/${child}`)) navigate({ pathname: pathname.replace(/[^/]+$/, child), hash });
    stopRestoring.current = restoreFigureView(session, attributes);
  };

  return (
    <Stack spacing={1}>
      {canEdit && (
        <Button variant="outlined" size="small" onClick={() => setCapturing(true)}>
          Capture figure
        </Button>
      )}
      {figures.isPending ? (
        <CircularProgress size={24} aria-label="Loading the figures" />
      ) : figures.isError ? (
        <Alert severity="error" action={<Button onClick={() => figures.refetch()}>Retry</Button>}>
          The figures could not be loaded.
        </Alert>
      ) : figures.data.length === 0 ? (
        <Typography color="text.secondary">No figures for this study.</Typography>
      ) : (
        <ImageList cols={2} gap={8} aria-label="Figures">
          {figures.data.map((figure) => {
            const attributes = figureAttributesOf(figure);
            const caption = captionOf(figure);
            return (
              <ImageListItem key={figure.id}>
                <Tooltip title={attributes ? `Show the ${FIGURE_VIEW_LABELS[attributes.view]} as captured` : caption}>
                  <Box
                    component="button"
                    type="button"
                    onClick={() => restore(figure)}
                    aria-label={`Show ${caption}`}
                    sx={{ p: 0, border: 0, cursor: 'pointer', bgcolor: 'grey.100', minHeight: 80 }}
                  >
                    {figure.readUrl ? (
                      <img
                        src={figure.readUrl}
                        alt={caption}
                        loading="lazy"
                        style={{ width: '100%', display: 'block' }}
                      />
                    ) : (
                      <Typography variant="caption">{MISSING_FILE}</Typography>
                    )}
                  </Box>
                </Tooltip>
                <ImageListItemBar
                  title={caption}
                  position="below"
                  actionIcon={
                    <Box sx={{ display: 'flex' }}>
                      <IconButton size="small" aria-label={`Enlarge ${caption}`} onClick={() => setOpen(figure)}>
                        <ZoomInIcon fontSize="small" />
                      </IconButton>
                      {canEdit && (
                        <IconButton
                          size="small"
                          aria-label={`Delete ${caption}`}
                          disabled={remove.isPending}
                          onClick={() => setDeleting(figure)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      )}
                    </Box>
                  }
                />
              </ImageListItem>
            );
          })}
        </ImageList>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="lg">
        <DialogTitle>{open ? captionOf(open) : ''}</DialogTitle>
        <DialogContent>
          {open?.readUrl ? (
            <img src={open.readUrl} alt={captionOf(open)} style={{ maxWidth: '100%' }} />
          ) : (
            <Typography>{MISSING_FILE}</Typography>
          )}
        </DialogContent>
      </Dialog>
      {canEdit && <CaptureFigureDialog load={load} open={capturing} onClose={() => setCapturing(false)} />}
      <ConfirmDeleteDialog
        what={deleting ? `the figure "${captionOf(deleting)}"` : ''}
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
