import type { Job } from '@cardiomap/contract';
import { Alert, Stack, Typography } from '@mui/material';
import { jobOutcomeWords } from './job-format.ts';

/** What the job made of its input: files used and set aside (jobs reading an upload), outcome, reasons, warnings. */
export function JobSummary({ summary }: { summary: Job['summary'] }) {
  const outcome = summary.outcome === null ? null : jobOutcomeWords(summary.outcome);
  return (
    <Stack spacing={1} aria-label="Summary" role="group">
      <Typography>
        {summary.filesTotal > 0
          ? `${summary.filesUsed} of ${summary.filesTotal} files used, ${summary.filesSetAside} set aside${outcome ? ` — ${outcome}` : ''}`
          : // Jobs that read no upload (the surface model after ingest) have an outcome but no files.
            (outcome ?? 'No outcome yet')}
      </Typography>
      {summary.reasons.length > 0 && (
        <Alert severity="error">
          <ul aria-label="Reasons" style={{ margin: 0, paddingLeft: 20 }}>
            {summary.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Alert>
      )}
      {summary.warnings.length > 0 && (
        <Alert severity="warning">
          <ul aria-label="Warnings" style={{ margin: 0, paddingLeft: 20 }}>
            {summary.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Stack>
  );
}
