import type { QueryClient } from '@tanstack/react-query';
import { viewerLoadQueryOptions } from './api/load-viewer.ts';
import { prefetchVolume } from './mpr/volume-prefetch.ts';

const VIEWER_PATH =
  /^\/(?:study-viewer|iframe-viewer)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/[^/]*)?\/?$/i;

/**
 * A page opened straight on the viewer (a link from an e-mail, a bookmark, the iframe) asks for the
 * viewer load as the app starts, beside `userinfo`, instead of after the user, the guards and the
 * viewer's route module; on `mprviewer` the volume's download starts as soon as its URL is known. The
 * page then finds the answer in the query cache (same key) and adopts the download, so nothing is
 * fetched twice. Without a stored session nothing is asked: the page sends to login as before.
 */
export function prefetchViewerDeepLink(queryClient: QueryClient, pathname: string, signedIn: boolean): void {
  const match = VIEWER_PATH.exec(pathname);
  if (!match || !signedIn) return;
  const studyId = match[1] as string;
  const child = match[2]?.slice(1);
  const options = viewerLoadQueryOptions(studyId);
  void queryClient.prefetchQuery(options).then(() => {
    const readUrl = queryClient.getQueryData(options.queryKey)?.dicom?.attributes?.readUrl;
    if (readUrl && child === 'mprviewer') prefetchVolume(readUrl);
  });
}
