import type { QueryClient } from '@tanstack/react-query';
import { viewerLoadQueryOptions } from './api/load-viewer.ts';
import { viewerSession } from './session/viewer-sessions.ts';
import { parseViewerLink } from './viewer-paths.ts';

/**
 * A page opened straight on the viewer (a link from an e-mail, a bookmark, the iframe) asks for the
 * viewer load as the app starts, beside `userinfo`, instead of after the user, the guards and the
 * viewer's route module; on `mprviewer` the volume's download starts as soon as its URL is known. The
 * page then finds the answer in the query cache (same key) and the download in the study's session, so
 * nothing is fetched twice; an answer the start-up script already has (boot.ts) is taken by the
 * session instead of asking again. Without a stored session nothing is asked: the page sends to login.
 */
export function prefetchViewerDeepLink(queryClient: QueryClient, pathname: string, signedIn: boolean): void {
  const link = parseViewerLink(pathname);
  if (!link || !signedIn) return;
  const options = viewerLoadQueryOptions(link.studyId);
  void queryClient.prefetchQuery(options).then(() => {
    const readUrl = queryClient.getQueryData(options.queryKey)?.dicom?.attributes?.readUrl;
    if (readUrl && link.child === 'mprviewer') viewerSession(link.studyId).openVolume(readUrl);
  });
}
