import type { ViewerLoad } from '@cardiomap/contract';
import { emptyResultsLine, type MeasuredContent } from '@cardiomap/domain';
import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

/**
 * The analyses' results (spec §2 "Details"), each value with its unit; those of the server's automatic
 * model are marked preliminary (the server leaves them out once the analysis is delivered). Without
 * numeric results it says what the landmarks listed below measured, if anything (issue 30 §5).
 */
export function AnalysisResultsTable({
  results,
  analyses,
  measured,
}: {
  results: ViewerLoad['analysisResults'];
  analyses: ViewerLoad['analyses'];
  measured: MeasuredContent;
}) {
  if (results.length === 0)
    return (
      <Typography color="text.secondary">
        {emptyResultsLine(measured, 'listed under Landmarks below', 'No analysis results yet.')}
      </Typography>
    );
  const preliminary = new Set(analyses.filter((a) => a.isPreliminary).map((a) => a.id));
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
            <TableCell>
              {result.name}
              {preliminary.has(result.analysisId) && !/preliminary/i.test(result.name) && (
                <Chip size="small" label="preliminary" sx={{ ml: 1 }} />
              )}
            </TableCell>
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
