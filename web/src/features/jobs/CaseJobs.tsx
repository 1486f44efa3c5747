import type { InputData } from '@cardiomap/contract';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { RetryAlert } from '../../components/RetryAlert.tsx';
import { DownloadInputDataButton, useCaseInputData } from '../upload/index.ts';
import { useCaseJobs } from './api/list-jobs.ts';
import { JobCard } from './JobCard.tsx';
import { ProcessAgainDialog } from './ProcessAgainDialog.tsx';

/**
 * The case's uploads the caller may act on: download (the original for the case's own clinicians, the
 * pseudonymised copy for staff) and, for staff, 'Process again'.
 */
function Uploads({ caseId, onCaseChanged }: Props) {
  const inputData = useCaseInputData(caseId);
  const [chosen, setChosen] = useState<InputData | null>(null);
  const actionable = (inputData.data ?? []).filter((item) => item.canReprocess || item.readUrlFile !== null);
  if (actionable.length === 0) return null;
  return (
    <Stack spacing={1} aria-label="Uploads" role="group">
      {actionable.map((item) => (
        <Stack key={item.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography>
            {item.filename}
            {item.series.length > 0 && ` (${item.series.length} series found)`}
          </Typography>
          <DownloadInputDataButton inputData={item} />
          {item.canReprocess && (
            <Button variant="outlined" onClick={() => setChosen(item)} aria-label={`Process again: ${item.filename}`}>
              Process again
            </Button>
          )}
        </Stack>
      ))}
      {chosen && <ProcessAgainDialog inputData={chosen} onClose={() => setChosen(null)} onProcessing={onCaseChanged} />}
    </Stack>
  );
}

interface Props {
  caseId: string;
  /** A rerun or a termination may move the case on (e.g. invalid input back to submitted). */
  onCaseChanged?: () => void;
}

/**
 * Spec §2 `case-detail-jobs`: the case's jobs, newest first, reloaded every few seconds while one is
 * queued or running; staff may terminate a job or process an upload again, and download it.
 */
export function CaseJobs({ caseId, onCaseChanged }: Props) {
  const jobs = useCaseJobs(caseId);
  return (
    <Stack spacing={2}>
      <Uploads caseId={caseId} onCaseChanged={onCaseChanged} />
      {jobs.isPending && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-label="Loading the jobs" />
          <Typography color="text.secondary">Loading the jobs…</Typography>
        </Stack>
      )}
      {jobs.isError && <RetryAlert message="The jobs could not be loaded." onRetry={() => jobs.refetch()} />}
      {jobs.data?.length === 0 && <Typography color="text.secondary">No jobs yet</Typography>}
      {jobs.data?.map((job) => (
        <JobCard key={job.id} job={job} onTerminated={onCaseChanged} />
      ))}
    </Stack>
  );
}
