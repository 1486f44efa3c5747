import { AnalysisResourceType, type FigureCamera, type FigureView, type ViewerLoad } from '@cardiomap/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { errorToastMessage } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { ensureResultAnalysis } from '../api/result-analysis.ts';
import { sendResultFile } from '../api/send-result-file.ts';
import { viewerKeys } from '../api/viewer-keys.ts';
import { FIGURE_SAVED } from '../results/result-messages.ts';
import { useViewerSession } from '../session/viewer-session-context.ts';
import { capturableViews, captureView, FIGURE_VIEW_LABELS, preliminaryObjectIds } from './figure-views.ts';

interface Captured {
  png: Blob;
  url: string;
  camera: FigureCamera;
}

/**
 * Issue 17 §2: staff capture an MPR pane or the 3D view as a figure, with a caption; the PNG keeps the
 * camera it was taken from, so a click on it in the Figures tab brings the view back.
 */
export function CaptureFigureDialog({ load, open, onClose }: { load: ViewerLoad; open: boolean; onClose(): void }) {
  const session = useViewerSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [views, setViews] = useState<FigureView[]>([]);
  const [view, setView] = useState<FigureView | ''>('');
  const [captured, setCaptured] = useState<Captured | null>(null);
  const [caption, setCaption] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const available = capturableViews(session);
    setViews(available);
    setView(available[0] ?? '');
  }, [open, session]);

  useEffect(() => {
    if (!open || !view) return;
    let live = true;
    let url: string | null = null;
    captureView(session, view, preliminaryObjectIds(load)).then(
      (shot) => {
        if (!live) return;
        if (!shot) {
          setCaptured(null);
          return;
        }
        url = URL.createObjectURL(shot.png);
        setCaptured({ png: shot.png, url, camera: shot.camera });
      },
      (caught: unknown) => live && setError(errorToastMessage(caught)),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [open, view, session, load]);

  const close = () => {
    setCaption('');
    setCaptured(null);
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!captured || !view || !caption.trim()) return;
    setSaving(true);
    setError(null);
    try {
      const analysisId = await ensureResultAnalysis(load, queryClient);
      await sendResultFile({
        analysisId,
        type: AnalysisResourceType.IMAGE,
        name: caption.trim().slice(0, 200),
        file: captured.png,
        filename: `figure-${view}.png`,
        attributes: { caption: caption.trim(), view, camera: captured.camera },
      });
      await queryClient.invalidateQueries({ queryKey: viewerKeys.figures(load.study.id) });
      toast.success(FIGURE_SAVED);
      close();
    } catch (caught) {
      setError(errorToastMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : close} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} aria-label="Capture a figure">
        <DialogTitle>Capture a figure</DialogTitle>
        <DialogContent>
          {views.length === 0 ? (
            <Alert severity="info">
              Open the 3D view or the MPR panes (once the images are shown) to capture them.
            </Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                select
                label="View"
                value={view}
                onChange={(event) => setView(event.target.value as FigureView)}
                disabled={saving}
              >
                {views.map((v) => (
                  <MenuItem key={v} value={v}>
                    {FIGURE_VIEW_LABELS[v]}
                  </MenuItem>
                ))}
              </TextField>
              {captured && (
                <Box
                  component="img"
                  src={captured.url}
                  alt="The captured view"
                  sx={{ maxWidth: '100%', maxHeight: 280, objectFit: 'contain', bgcolor: 'black' }}
                />
              )}
              <TextField
                label="Caption"
                value={caption}
                onChange={(event) => setCaption(event.target.value)}
                required
                autoFocus
                multiline
                slotProps={{ htmlInput: { maxLength: 500 } }}
                disabled={saving}
              />
            </Stack>
          )}
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving || !captured || !caption.trim()}>
            Save figure
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
