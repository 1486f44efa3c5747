import { type Job, JobStatus } from '@cardiomap/contract';
import { maySeeJobLog } from '@cardiomap/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useUser } from '../auth/index.ts';
import { isActiveJob } from './api/list-jobs.ts';
import { JobLog } from './JobLog.tsx';
import { JobReport } from './JobReport.tsx';
import { JobSummary } from './JobSummary.tsx';
import { formatJobTime, jobDuration, jobStatusLabel, plainJobName } from './job-format.ts';
import { TerminateJobDialog } from './TerminateJobDialog.tsx';

const STATUS_COLOURS: Record<number, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  [JobStatus.QUEUED]: 'default',
  [JobStatus.RUNNING]: 'info',
  [JobStatus.COMPLETED]: 'success',
  [JobStatus.FAILED]: 'error',
  [JobStatus.TERMINATED]: 'warning',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One job of the case (spec §3 Job): type, status, timings and its outcome, and the per-file report on
 * demand (it loads only when opened); staff also see queue, duration, attempts and the log.
 */
export function JobCard({ job, onTerminated }: { job: Job; onTerminated?: () => void }) {
  const [terminating, setTerminating] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const { permissions } = useUser();
  // Staff follow the pipeline (queue, attempts, log); a clinician gets a plain account of what became
  // of the images. The server sends the log to staff only too.
  const staff = useMemo(() => maySeeJobLog(new Set(permissions)), [permissions]);
  const name = staff ? job.jobType.name : plainJobName(job.jobType.name);
  const label = `${name} job`;
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Chip
            size="small"
            label={jobStatusLabel(job.status)}
            color={STATUS_COLOURS[job.status] ?? 'default'}
            data-testid="job-status"
          />
          {job.canTerminate && isActiveJob(job) && (
            <Button color="error" onClick={() => setTerminating(true)} sx={{ ml: 'auto !important' }}>
              Terminate
            </Button>
          )}
        </Stack>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 2, m: 0, mb: 2 }}
        >
          {staff && <Fact label="Queue" value={job.queue.name} />}
          <Fact label="Created" value={formatJobTime(job.dateCreated)} />
          <Fact label="Started" value={formatJobTime(job.dateStarted)} />
          <Fact label="Finished" value={formatJobTime(job.dateFinished)} />
          {staff && <Fact label="Duration" value={jobDuration(job, Date.now())} />}
          {staff && <Fact label="Attempts" value={String(job.attempts)} />}
        </Box>
        <JobSummary summary={job.summary} />
      </CardContent>
      {staff && (
        <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>Log ({job.log.length} lines)</AccordionSummary>
          <AccordionDetails>
            <JobLog log={job.log} />
          </AccordionDetails>
        </Accordion>
      )}
      <Accordion
        disableGutters
        expanded={reportOpen}
        onChange={(_, open) => setReportOpen(open)}
        slotProps={{ transition: { unmountOnExit: true } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>Per-file report</AccordionSummary>
        <AccordionDetails>{reportOpen && <JobReport jobId={job.id} />}</AccordionDetails>
      </Accordion>
      {terminating && (
        <TerminateJobDialog job={job} onClose={() => setTerminating(false)} onTerminated={onTerminated} />
      )}
    </Card>
  );
}
