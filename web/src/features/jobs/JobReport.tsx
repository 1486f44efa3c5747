import {
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { RetryAlert } from '../../components/RetryAlert.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { downloadJobReport } from './api/download-job-report.ts';
import { type JobResourceOutcome, useJobResources } from './api/list-job-resources.ts';
import { OUTCOME_LABELS } from './job-format.ts';

const PAGE_SIZES = [15, 50, 100];
const thousands = new Intl.NumberFormat('en-GB');
const kilobytes = (bytes: number) => `${thousands.format(Math.ceil(bytes / 1000))} kB`;

/**
 * A job's per-file report: what happened to each file of the upload and why, a page at a time from
 * the server (a zip may hold thousands of files), filterable by outcome, downloadable whole as CSV.
 */
export function JobReport({ jobId }: { jobId: string }) {
  const toast = useToast();
  const [outcome, setOutcome] = useState<JobResourceOutcome | 'all'>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [downloading, setDownloading] = useState(false);
  const report = useJobResources(jobId, {
    page: page + 1,
    pageSize,
    outcome: outcome === 'all' ? undefined : outcome,
  });

  const download = () => {
    setDownloading(true);
    downloadJobReport(jobId)
      .catch((error) => toast.error(error))
      .finally(() => setDownloading(false));
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Outcome"
          value={outcome}
          onChange={(event) => {
            setOutcome(event.target.value as JobResourceOutcome | 'all');
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">All files</MenuItem>
          {Object.entries(OUTCOME_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={download} disabled={downloading} sx={{ ml: 'auto' }}>
          Download report (CSV)
        </Button>
      </Stack>
      {report.isError && (
        <RetryAlert message="The per-file report could not be loaded." onRetry={() => report.refetch()} />
      )}
      <Table size="small" aria-label="Per-file report" aria-busy={report.isFetching}>
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>Series</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.isPending && (
            <TableRow>
              <TableCell colSpan={5}>Loading the report…</TableCell>
            </TableRow>
          )}
          {report.data?.results.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>No files with this outcome.</TableCell>
            </TableRow>
          )}
          {report.data?.results.map((line) => (
            <TableRow key={line.id}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{line.path}</TableCell>
              <TableCell align="right">{kilobytes(line.bytes)}</TableCell>
              <TableCell>{OUTCOME_LABELS[line.outcome]}</TableCell>
              <TableCell>{line.reason ?? ''}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{line.seriesKey ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={report.data?.count ?? 0}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Stack>
  );
}
