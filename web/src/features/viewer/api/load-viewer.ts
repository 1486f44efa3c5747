import { routes, type ViewerLoad } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { viewerSession } from '../session/viewer-sessions.ts';
import { signedUrlRefresh } from './signed-url-refresh.ts';
import { viewerKeys } from './viewer-keys.ts';

/** GET study-viewer/{id}/ by study id: everything the viewer draws, in one answer (spec §3). */
export const loadViewer = (studyId: string, signal?: AbortSignal): Promise<ViewerLoad> =>
  call(routes.loadViewer, { params: { id: studyId }, signal });

export const viewerLoadQueryOptions = (studyId: string) =>
  queryOptions({
    queryKey: viewerKeys.load(studyId),
    // The study's session hands over the start-up script's answer, if it has one, instead of asking again.
    queryFn: ({ signal }) => viewerSession(studyId).viewerLoad(() => loadViewer(studyId, signal)),
    // Asked again before its links expire; the engines keep what they hold when only signatures change.
    ...signedUrlRefresh,
  });

export const useViewerLoad = (studyId: string) => useQuery(viewerLoadQueryOptions(studyId));
