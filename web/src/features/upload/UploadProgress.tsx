import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { PROCESSING_TAKES } from './upload-messages.ts';
import { useProcessingIndicator } from './use-processing-indicator.ts';

interface SendingProps {
  filename: string;
  progress: number;
  onCancel: () => void;
}

/** Spec §4: progress 0–100, rounded, with a way to cancel. */
export function SendingProgress({ filename, progress, onCancel }: SendingProps) {
  return (
    <Stack spacing={1}>
      <Typography id="upload-progress-label">
        Uploading {filename}: {progress}%
      </Typography>
      <LinearProgress variant="determinate" value={progress} aria-labelledby="upload-progress-label" />
      <Box>
        <Button onClick={onCancel} color="error">
          Cancel upload
        </Button>
      </Box>
    </Stack>
  );
}

/** Spec §4 "Processing upload": an indicator that creeps 1 % every 3 s (wrapping), and how long it takes. */
export function ProcessingProgress({ title = 'Processing upload' }: { title?: string }) {
  const value = useProcessingIndicator(true);
  return (
    <Stack spacing={1} data-testid="upload-processing">
      <Typography id="upload-processing-label">{title}</Typography>
      <LinearProgress variant="determinate" value={value} aria-labelledby="upload-processing-label" />
      <Typography variant="body2" color="text.secondary">
        {PROCESSING_TAKES}
      </Typography>
    </Stack>
  );
}
