import { restoreSession } from '../../../api/refresh-request.ts';
import { tokenStore } from '../../../api/token-store.ts';
import { headerAlertCount } from '../header-alerts.ts';
import { startEarlyPreview } from '../mpr/early-preview.ts';
import { afterFirstImage } from '../mpr/first-image-gate.ts';
import { viewerSession } from '../session/viewer-sessions.ts';
import { parseViewerLink } from '../viewer-paths.ts';
import { createBootOverlay } from './boot-overlay.ts';

/**
 * The first image of a link straight to the MPR view, before the app runs. On a cold browser the
 * app's bundle (~1 MB) finishes running only after about a second; this script is a few kB, so the
 * viewer load, the volume's header and its middle slices are asked for at once and the three panes'
 * previews (early-preview.ts) are drawn in a layer laid out as the viewer will be (boot-overlay.ts).
 * The app then takes the same answer and download over; its own preview replaces the layer.
 *
 * The promise settles once the image is on screen or none is coming (no session, another route, a
 * refused load, an oblique volume): boot.ts starts the app then, or after BOOT_WAIT_MS whatever
 * happens, because the app's evaluation is a long main-thread task that would hold the image back.
 */
export const BOOT_WAIT_MS = 1000;
/** The layer goes at the latest this long after it came, whatever the app is showing. */
export const BOOT_LAYER_MAX_MS = 10_000;

let dismiss: (() => void) | null = null;

export async function startBootPreview(pathname: string, fetchFn: typeof fetch = fetch): Promise<void> {
  const link = parseViewerLink(pathname);
  if (link?.child !== 'mprviewer') return;
  // The access token is in memory only: a page load has it once the restore by the cookie answers.
  await restoreSession();
  const access = tokenStore.access();
  if (!access) return;
  // The study's session keeps the answer and the download for the app.
  const session = viewerSession(link.studyId);
  const load = await session.askViewerLoadEarly(access, fetchFn);
  const attributes = load?.dicom?.attributes;
  if (!load || !attributes?.readUrl) return;
  const download = session.openVolume(attributes.readUrl, fetchFn);
  const overlay = createBootOverlay(document, { embedded: link.embedded, alerts: headerAlertCount(load) });
  const timer = setTimeout(dismissBootPreview, BOOT_LAYER_MAX_MS);
  let stop = () => {};
  // Set before the preview starts, so a preview that gives up at once still takes the layer with it.
  dismiss = () => {
    dismiss = null;
    clearTimeout(timer);
    stop();
    overlay.remove();
  };
  stop = startEarlyPreview(download, overlay.panes, {
    levels: attributes.levels,
    onSettled: (drawn) => {
      if (!drawn) dismissBootPreview();
    },
  });
  // Already dismissed while it started: stop what it started too.
  if (!dismiss) stop();
  await afterFirstImage();
}

/** Removes the start-up layer, if any: the app's own view of the panes (or another page) is on screen. */
export function dismissBootPreview(): void {
  dismiss?.();
}
