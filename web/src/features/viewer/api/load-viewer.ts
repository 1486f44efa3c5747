import { routes, type ViewerLoad } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { viewerSession } from '../session/viewer-sessions.ts';
import { viewerKeys } from './viewer-keys.ts';

/** GET study-viewer/{id}/ by study id: everything the viewer draws, in one answer (spec §3). */
export const loadViewer = (studyId: string, signal?: AbortSignal): Promise<ViewerLoad> =>
  call(routes.loadViewer, { params: { id: studyId }, signal });

export const viewerLoadQueryOptions = (studyId: string) =>
  queryOptions({
    queryKey: viewerKeys.load(studyId),
    // The study's session hands over the start-up script's answer, if it has one, instead of asking again.
    queryFn: ({ signal }) => viewerSession(studyId).viewerLoad(() => loadViewer(studyId, signal)),
    // A reload would hand out new signed URLs and make the engines fetch the volume again.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useViewerLoad = (studyId: string) => useQuery(viewerLoadQueryOptions(studyId));
