import type { ViewerLoad } from '@cardiomap/contract';

/**
 * The viewer load asked for by the start-up script (boot.ts) before the app's bundle has run, so a
 * link straight to the viewer does not wait ~1 s for the app to ask. The study's viewer session keeps
 * the answer and hands it to the app's query instead of asking again. Anything but a 200 is left to
 * the app's own request, which knows how to refresh a token and how to show a refusal.
 *
 * Imports no contract values: this runs before the app's bundle, and the contract's schemas would
 * bring zod into the start-up script.
 */

/** The API path of routes.loadViewer (checked against it by a test). */
export const viewerLoadPath = (studyId: string) => `/api/study-viewer/${encodeURIComponent(studyId)}/`;

/** The viewer load with the stored token; null for anything but a 200 or a readable answer. */
export function fetchViewerLoadEarly(
  studyId: string,
  accessToken: string,
  fetchFn: typeof fetch = fetch,
): Promise<ViewerLoad | null> {
  return (
    fetchFn(viewerLoadPath(studyId), {
      headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
    })
      .then(
        (response) => (response.status === 200 ? (response.json() as Promise<ViewerLoad>) : null),
        () => null,
      )
      // A head start only: an unreadable answer, like no answer, leaves the ordinary load to fetch and report it.
      .catch(() => null)
  );
}
