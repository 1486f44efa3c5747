import type { ViewerLoad } from '@cardiomap/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type NumericResult, usePatchAnalysisResults } from '../api/patch-analysis-results.ts';
import { ensureResultAnalysis, resultAnalysisOf } from '../api/result-analysis.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';

interface Row {
  name: string;
  value: string;
  unit: string;
}

const toRow = (r: NumericResult): Row => ({ name: r.name, value: String(r.value), unit: r.unit ?? '' });
/** A value that reads as a number is stored as one, so the report can format it. */
const toResult = (row: Row): NumericResult => {
  const number = Number(row.value.trim());
  const value = row.value.trim() !== '' && Number.isFinite(number) ? number : row.value.trim();
  return { name: row.name.trim(), value, ...(row.unit.trim() ? { unit: row.unit.trim() } : {}) };
};

/** Staff: the analysis's numeric results (name, value, unit) as the Details tab shows them. */
export function NumericResultsForm({ load }: { load: ViewerLoad }) {
  const queryClient = useQueryClient();
  const saved = resultAnalysisOf(load)?.results ?? [];
  const [rows, setRows] = useState<Row[]>(() => saved.map(toRow));
  const [removing, setRemoving] = useState<number | null>(null);
  const patch = usePatchAnalysisResults(load.study.id);
  const change = (index: number, field: keyof Row, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const complete = rows.every((row) => row.name.trim() && row.value.trim());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    const analysisId = await ensureResultAnalysis(load, queryClient);
    patch.mutate({ analysisId, results: rows.map(toResult) });
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Numeric results">
      <Stack spacing={1}>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is their identity
          <Stack key={index} direction="row" spacing={0.5}>
            <TextField
              size="small"
              label="Name"
              value={row.name}
              onChange={(e) => change(index, 'name', e.target.value)}
              required
            />
            <TextField
              size="small"
              label="Value"
              value={row.value}
              onChange={(e) => change(index, 'value', e.target.value)}
              required
              sx={{ width: 90 }}
            />
            <TextField
              size="small"
              label="Unit"
              value={row.unit}
              onChange={(e) => change(index, 'unit', e.target.value)}
              sx={{ width: 70 }}
            />
            <Tooltip title="Remove this result">
              <IconButton aria-label={`Remove result ${row.name || index + 1}`} onClick={() => setRemoving(index)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setRows((current) => [...current, { name: '', value: '', unit: '' }])}>
            Add a value
          </Button>
          <Button type="submit" variant="contained" disabled={!complete || patch.isPending}>
            Save results
          </Button>
        </Stack>
      </Stack>
      <ConfirmDeleteDialog
        what={removing === null ? '' : rows[removing]?.name || 'this result'}
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          setRows((current) => current.filter((_, i) => i !== removing));
          setRemoving(null);
        }}
      />
    </Box>
  );
}
