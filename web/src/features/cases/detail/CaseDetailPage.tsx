import { Box, Tab, Tabs } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet, Link as RouterLink, useMatch, useParams } from 'react-router';
import { ApiError } from '../../../api/index.ts';
import { FullPageSpinner } from '../../../components/FullPageSpinner.tsx';
import { LoadFailedNotice } from '../../../components/LoadFailedNotice.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { jobKeys } from '../../jobs/index.ts';
import { CaseUploadProvider, inputDataKeys } from '../../upload/index.ts';
import { caseKeys } from '../api/case-keys.ts';
import { useCase } from '../api/get-case.ts';
import { useMarkCaseSeen } from '../api/mark-case-seen.ts';
import { CaseStaffActions } from '../staff/CaseStaffActions.tsx';
import { BackToCasesLink } from './BackToCasesLink.tsx';
import { CaseDetailHeader } from './CaseDetailHeader.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §2 `case-detail/{id}`: header and the Details and Jobs tabs; a missing or hidden case is not found. */
export function CaseDetailPage() {
  const { id = '' } = useParams();
  // A path that is no case id can name no case: not found without asking the server.
  if (!UUID.test(id)) return <NotFoundPage />;
  return <CaseDetail id={id} />;
}

function CaseDetail({ id }: { id: string }) {
  const query = useCase(id);
  const onJobs = useMatch('/case-detail/:id/jobs') !== null;
  const queryClient = useQueryClient();
  // Confirmed images move the case on (SUBMITTED) and start an ingest job: reload what shows either.
  const onUploaded = useCallback(() => {
    for (const queryKey of [caseKeys.detail(id), caseKeys.lists(), inputDataKeys.ofCase(id), jobKeys.ofCase(id)]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient, id]);
  usePageTitle(query.data?.caseIdentifier ?? 'Case');
  if (query.isPending) return <FullPageSpinner label="Loading the case" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <LoadFailedNotice message="The case could not be loaded." onRetry={() => query.refetch()} />;
  }
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', mt: 3, px: 2, mb: 8 }}>
      <BackToCasesLink />
      <MarkSeen id={id} hasUnseenChange={query.data.hasUnseenChange} />
      <CaseDetailHeader kase={query.data} />
      <CaseStaffActions kase={query.data} />
      <Tabs value={onJobs ? 'jobs' : 'details'} sx={{ mb: 2 }}>
        <Tab label="Details" value="details" component={RouterLink} to="details" />
        <Tab label="Jobs" value="jobs" component={RouterLink} to="jobs" />
      </Tabs>
      {/* Keyed: an upload's state belongs to its case, not to the next case opened on this page. */}
      <CaseUploadProvider key={id} caseId={id} onUploaded={onUploaded}>
        <Outlet context={query.data} />
      </CaseUploadProvider>
    </Box>
  );
}

/** Its own component: the call's progress re-renders nothing but this. */
function MarkSeen({ id, hasUnseenChange }: { id: string; hasUnseenChange: boolean }) {
  useMarkCaseSeen(id, hasUnseenChange);
  return null;
}
