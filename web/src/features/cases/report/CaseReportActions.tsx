import type { Case } from '@cardiomap/contract';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/Toasts.tsx';
import { useGenerateStudyReport } from '../api/generate-study-report.ts';
import { useStudyReport } from '../api/get-study-report.ts';
import { DOWNLOAD_REPORT_TOOLTIP, GENERATE_REPORT, MISSING_REPORT_FILE, REPORT_UP_TO_DATE } from './report-messages.ts';

/**
 * The case detail's report (spec §2, issue 18 §3): the download button with its tooltip for who may see
 * the report, "Generate report" for staff, the generating state with its progress, and the error of
 * the last generation. The server decides what the caller may see (403: nothing is shown).
 */
export function CaseReportActions({ kase }: { kase: Case }) {
  const studyId = kase.studyId ?? '';
  // Case.accessDenied: the server refuses the report too (403), so it is not asked for.
  const report = useStudyReport(kase.id, studyId, Boolean(kase.studyId) && !kase.accessDenied);
  const generate = useGenerateStudyReport(kase.id);
  const toast = useToast();
  const wasGenerating = useRef(false);
  const status = report.data;
  // The job's end is only seen by polling: say so once, as the spec's flow reloads the study's resources.
  useEffect(() => {
    if (!status) return;
    if (wasGenerating.current && !status.generating && status.error) toast.error(status.error);
    wasGenerating.current = status.generating;
  }, [status, toast]);

  if (!kase.studyId || !status) return null;
  // Asks for the status again first: its link lives minutes (issue 22), the page may have been open longer.
  const download = async () => {
    const fresh = (await report.refetch()).data?.report ?? null;
    if (!fresh?.readUrl) {
      toast.error(MISSING_REPORT_FILE);
      return;
    }
    const link = document.createElement('a');
    link.href = fresh.readUrl;
    link.download = fresh.filename;
    link.click();
  };
  const busy = status.generating || generate.isPending;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-end' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {status.report && (
          <Tooltip title={DOWNLOAD_REPORT_TOOLTIP}>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
              Report
            </Button>
          </Tooltip>
        )}
        {status.canGenerate && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              // With nothing changed the server queues nothing: say so rather than nothing (issue 30 §6).
              generate.mutate(studyId, {
                onSuccess: ({ outcome }) => {
                  if (outcome === 'up-to-date') toast.info(REPORT_UP_TO_DATE);
                },
              })
            }
          >
            {GENERATE_REPORT}
          </Button>
        )}
        {busy && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress
              size={20}
              variant={status.progress > 0 ? 'determinate' : 'indeterminate'}
              value={status.progress}
              aria-label="Generating the report"
            />
            <Typography variant="body2">Generating report… {status.progress}%</Typography>
          </Stack>
        )}
      </Stack>
      {!busy && status.error && (
        <Alert severity="error" sx={{ py: 0 }}>
          {status.error}
        </Alert>
      )}
      {!busy && status.isOutdated && status.canGenerate && (
        <Typography variant="caption" color="text.secondary">
          The analysis changed since this report (version {status.analysisVersion} is not generated yet).
        </Typography>
      )}
    </Stack>
  );
}
