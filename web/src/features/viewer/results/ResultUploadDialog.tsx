import type { ViewerLoad } from '@cardiomap/contract';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { errorToastMessage } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { refreshViewerResults } from '../api/refresh-viewer-results.ts';
import { ensureResultAnalysis } from '../api/result-analysis.ts';
import { sendResultFile } from '../api/send-result-file.ts';
import {
  defaultResultColor,
  MESH_ACCEPT,
  MESH_MAX_BYTES,
  MESH_TOO_LARGE,
  RESULT_ADDED,
  RESULT_NAME_SUGGESTIONS,
} from './result-messages.ts';

/**
 * Issue 17 §2: a mesh result (name such as "Aorta", colour, file). The server parses the file before it
 * accepts it; its reason for refusing one is shown here, in the dialog, so the analyst can pick another.
 */
export function ResultUploadDialog({ load, open, onClose }: { load: ViewerLoad; open: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;
  const shownColor = color ?? defaultResultColor(name);

  const reset = () => {
    setName('');
    setColor(null);
    setFile(null);
    setProgress(null);
    setError(null);
  };
  const close = () => {
    abort.current?.abort();
    reset();
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !name.trim()) return;
    if (file.size > MESH_MAX_BYTES) {
      setError(MESH_TOO_LARGE);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setProgress(0);
    try {
      const analysisId = await ensureResultAnalysis(load, queryClient);
      await sendResultFile(
        { analysisId, type: 1, name: name.trim(), file, filename: file.name, attributes: { color: shownColor } },
        { signal: controller.signal, onProgress: setProgress },
      );
      await refreshViewerResults(queryClient, load.study.id);
      toast.success(RESULT_ADDED);
      reset();
      onClose();
    } catch (caught) {
      if (controller.signal.aborted) return;
      setProgress(null);
      setError(errorToastMessage(caught));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} aria-label="Add a result">
        <DialogTitle>Add a result</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete
              freeSolo
              options={RESULT_NAME_SUGGESTIONS}
              inputValue={name}
              onInputChange={(_, value) => setName(value)}
              disabled={busy}
              renderInput={(params) => <TextField {...params} label="Name" required autoFocus />}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <input
                type="color"
                aria-label="Colour"
                value={shownColor}
                disabled={busy}
                onChange={(event) => setColor(event.target.value)}
                style={{ width: 36, height: 28, padding: 0, border: 'none', background: 'none' }}
              />
              <Typography variant="body2">Colour in the 3D scene</Typography>
            </Stack>
            <Button component="label" variant="outlined" disabled={busy}>
              {file ? file.name : 'Choose a mesh file'}
              <input
                hidden
                type="file"
                accept={MESH_ACCEPT}
                aria-label="Mesh file"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setError(null);
                }}
              />
            </Button>
            <Typography variant="caption" color="text.secondary">
              STL, PLY, OBJ, glTF/GLB or VTP, up to 200 MB. The file is checked before it is added.
            </Typography>
            {busy && (
              <Box>
                <LinearProgress
                  variant={progress < 99 ? 'determinate' : 'indeterminate'}
                  value={progress}
                  aria-label="Upload progress"
                />
                <Typography variant="caption">{progress < 99 ? `${progress}%` : 'Checking the file…'}</Typography>
              </Box>
            )}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || !file || !name.trim()}>
            Upload
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
