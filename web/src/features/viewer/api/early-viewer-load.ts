import type { ViewerLoad } from '@cardiomap/contract';

/**
 * The viewer load asked for by the start-up script (boot.ts) before the app's bundle has run, so a
 * link straight to the viewer does not wait ~1 s for the app to ask. The app's query takes the answer
 * (takeEarlyViewerLoad) instead of asking again. Anything but a 200 is left to the app's own request,
 * which knows how to refresh a token and how to show a refusal.
 *
 * Imports no contract values: this runs before the app's bundle, and the contract's schemas would
 * bring zod into the start-up script.
 */

const early = new Map<string, Promise<ViewerLoad | null>>();

/** The API path of routes.loadViewer (checked against it by a test). */
export const viewerLoadPath = (studyId: string) => `/api/study-viewer/${encodeURIComponent(studyId)}/`;

export function askViewerLoadEarly(studyId: string, accessToken: string, fetchFn: typeof fetch = fetch) {
  const answer = fetchFn(viewerLoadPath(studyId), {
    headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
  }).then(
    (response) => (response.status === 200 ? (response.json() as Promise<ViewerLoad>) : null),
    () => null,
  );
  const settled = answer.catch(() => null);
  early.set(studyId, settled);
  return settled;
}

/** The early answer for `studyId`, once: null when none was asked for (or it was taken already). */
export function takeEarlyViewerLoad(studyId: string): Promise<ViewerLoad | null> | null {
  const answer = early.get(studyId) ?? null;
  early.delete(studyId);
  return answer;
}
