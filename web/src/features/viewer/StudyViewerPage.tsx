import { Alert, Box } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/FullPageSpinner.tsx';
import { LoadFailedNotice } from '../../components/LoadFailedNotice.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useViewerLoad } from './api/load-viewer.ts';
import { dismissBootPreview } from './boot/boot-preview.ts';
import { useHeldViewerSession, ViewerSessionContext } from './session/viewer-session-context.ts';
import { CaseCanceledPage, ResultsPendingPage } from './ViewerNoticePage.tsx';
import { ViewerWorkspace } from './ViewerWorkspace.tsx';
import { viewerLoadFailure } from './viewer-errors.ts';
import { parseStudyId } from './viewer-paths.ts';

/**
 * Spec §2 `study-viewer/{id}` and `iframe-viewer/{id}` (by study id): loads the study's viewer data,
 * applies the viewer guards from the server's answer and shows the workspace. Embedded, it is drawn
 * without the app's frame.
 */
export function StudyViewerPage({ embedded = false }: { embedded?: boolean }) {
  const studyId = parseStudyId(useParams().id ?? '');
  // A path that is no study id can name no study: not found without asking the server.
  if (!studyId) return <NotFoundPage />;
  return <StudyViewer studyId={studyId} embedded={embedded} />;
}

function StudyViewer({ studyId, embedded }: { studyId: string; embedded: boolean }) {
  const session = useHeldViewerSession(studyId);
  const query = useViewerLoad(studyId);
  usePageTitle(query.data ? `${query.data.title} – Viewer` : 'Viewer');
  // The MPR panes' volume starts downloading now, beside their 4 MB Cornerstone chunk, and the engine
  // adopts the download. In render, not an effect: a cached chunk's engine starts in the child's effect,
  // which runs before this component's; openVolume hands back the running download.
  const { pathname } = useLocation();
  const readUrl = query.data?.dicom?.attributes?.readUrl;
  if (readUrl && pathname.endsWith('/mprviewer')) session.openVolume(readUrl);
  // A refusal or failure is shown in place of the panes the start-up script drew.
  const failed = query.isError;
  useEffect(() => {
    if (failed) dismissBootPreview();
  }, [failed]);
  if (query.isPending) return <FullPageSpinner label="Loading the viewer" />;
  if (query.isError) {
    const failure = viewerLoadFailure(query.error);
    // The embedded viewer shows the notice in place: the notice routes live inside the app frame.
    if (failure.kind === 'redirect' && embedded)
      return failure.to === '/case-canceled' ? <CaseCanceledPage /> : <ResultsPendingPage />;
    if (failure.kind === 'redirect') return <Navigate to={failure.to} replace />;
    if (failure.kind === 'not-found') return <NotFoundPage />;
    if (failure.kind === 'refused')
      return (
        <Box sx={{ mt: 6, px: 2, display: 'flex', justifyContent: 'center' }}>
          <Alert severity="info">{failure.message}</Alert>
        </Box>
      );
    return <LoadFailedNotice message="The viewer could not be loaded." onRetry={() => query.refetch()} />;
  }
  return (
    <ViewerSessionContext value={session}>
      <ViewerWorkspace load={query.data} embedded={embedded} />
    </ViewerSessionContext>
  );
}
