import type { InputData, SeriesCandidate } from '@cardiomap/contract';
import {
  Alert,
  AlertTitle,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import { useReingestInputData } from './api/reingest-input-data.ts';

const AUTOMATIC = '';

/** One line per candidate: what staff weigh when choosing the series to analyse. */
export function describeSeries(series: SeriesCandidate): string {
  const spacing = series.spacing
    ? `${series.spacing.map((v) => Number(v.toFixed(2))).join(' × ')} mm`
    : 'spacing unknown';
  const parts = [
    series.description || series.key,
    `${series.sliceCount} slices`,
    `${series.columns}×${series.rows}`,
    spacing,
    series.orientation,
    series.isContrastEnhanced ? 'contrast' : 'no contrast',
  ];
  if (series.isChosen) parts.push('chosen now');
  if (series.gap) parts.push('slices missing (gap)');
  if (series.note) parts.push(series.note);
  return parts.join(', ');
}

/**
 * The series a run would process: the one picked, or for the automatic choice the first that makes a
 * volume (the server lists them ranked, gap-free first).
 */
export function seriesToProcess(series: readonly SeriesCandidate[], key: string): SeriesCandidate | undefined {
  return key === AUTOMATIC ? series.find((s) => s.spacing !== null) : series.find((s) => s.key === key);
}

interface Props {
  inputData: InputData;
  onClose: () => void;
  onProcessing?: () => void;
}

/** Staff process an upload again (POST input-data/{id}/ingest/), with another series or the automatic choice. */
export function ProcessAgainDialog({ inputData, onClose, onProcessing }: Props) {
  const reingest = useReingestInputData(inputData.caseId);
  const [seriesKey, setSeriesKey] = useState(inputData.series.find((s) => s.isChosen)?.key ?? AUTOMATIC);
  const [acknowledged, setAcknowledged] = useState(false);
  const gap = seriesToProcess(inputData.series, seriesKey)?.gap ?? null;
  const submit = () =>
    reingest.mutate(
      { id: inputData.id, seriesKey: seriesKey === AUTOMATIC ? null : seriesKey, acknowledgeGaps: gap !== null },
      {
        onSuccess: () => {
          onProcessing?.();
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={reingest.isPending ? undefined : onClose}
      aria-labelledby="process-again-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="process-again-title">Process {inputData.filename} again</DialogTitle>
      <DialogContent>
        <DialogContentText id="process-again-series">Series to analyse</DialogContentText>
        <RadioGroup
          aria-labelledby="process-again-series"
          value={seriesKey}
          onChange={(event) => {
            setSeriesKey(event.target.value);
            setAcknowledged(false);
          }}
        >
          <FormControlLabel value={AUTOMATIC} control={<Radio />} label="Automatic choice" />
          {inputData.series.map((series) => (
            <FormControlLabel key={series.key} value={series.key} control={<Radio />} label={describeSeries(series)} />
          ))}
        </RadioGroup>
        {gap && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="gap-acknowledgement">
            <AlertTitle>This series has slices missing</AlertTitle>
            It has {gap}. The slices in the gap would be interpolated: no image was acquired there, and the viewer marks
            them. Your acknowledgement is recorded in the audit trail and the job log.
            <FormControlLabel
              sx={{ mt: 1, display: 'flex' }}
              control={<Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />}
              label="I acknowledge the gap and want this series processed all the same"
            />
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reingest.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={reingest.isPending || (gap !== null && !acknowledged)}>
          Process again
        </Button>
      </DialogActions>
    </Dialog>
  );
}
