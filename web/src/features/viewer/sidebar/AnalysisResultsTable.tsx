import type { ViewerLoad } from '@cardiomap/contract';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

/** The analyses' results (spec §2 "Details"), each value with its unit. */
export function AnalysisResultsTable({ results }: { results: ViewerLoad['analysisResults'] }) {
  if (results.length === 0) return <Typography color="text.secondary">No analysis results yet.</Typography>;
  return (
    <Table size="small" aria-label="Analysis results">
      <TableHead>
        <TableRow>
          <TableCell>Result</TableCell>
          <TableCell align="right">Value</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {results.map((result) => (
          <TableRow key={`${result.analysisId}-${result.name}`}>
            <TableCell>{result.name}</TableCell>
            <TableCell align="right">
              {typeof result.value === 'number' ? Number(result.value.toFixed(2)) : result.value}
              {result.unit ? ` ${result.unit}` : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
