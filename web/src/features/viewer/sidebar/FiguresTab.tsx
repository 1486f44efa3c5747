import type { AnalysisResource } from '@cardiomap/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useFigures } from '../api/list-figures.ts';
import { MISSING_FILE } from '../viewer-messages.ts';

/** Spec §2 "Figures": the study's image resources as thumbnails; one click shows it large. */
export function FiguresTab({ studyId }: { studyId: string }) {
  const figures = useFigures(studyId);
  const [open, setOpen] = useState<AnalysisResource | null>(null);
  if (figures.isPending) return <CircularProgress size={24} aria-label="Loading the figures" />;
  if (figures.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => figures.refetch()}>Retry</Button>}>
        The figures could not be loaded.
      </Alert>
    );
  if (figures.data.length === 0) return <Typography color="text.secondary">No figures for this study.</Typography>;
  return (
    <>
      <ImageList cols={2} gap={8} aria-label="Figures">
        {figures.data.map((figure) => (
          <ImageListItem key={figure.id}>
            <Box
              component="button"
              type="button"
              onClick={() => setOpen(figure)}
              aria-label={`Enlarge ${figure.name}`}
              sx={{ p: 0, border: 0, cursor: 'pointer', bgcolor: 'grey.100', minHeight: 80 }}
            >
              {figure.readUrl ? (
                <img
                  src={figure.readUrl}
                  alt={figure.name}
                  loading="lazy"
                  style={{ width: '100%', display: 'block' }}
                />
              ) : (
                <Typography variant="caption">{MISSING_FILE}</Typography>
              )}
            </Box>
            <ImageListItemBar title={figure.name} position="below" />
          </ImageListItem>
        ))}
      </ImageList>
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="lg">
        <DialogTitle>{open?.name}</DialogTitle>
        <DialogContent>
          {open?.readUrl ? (
            <img src={open.readUrl} alt={open.name} style={{ maxWidth: '100%' }} />
          ) : (
            <Typography>{MISSING_FILE}</Typography>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
