import { keepHandedSession, restoreSession } from './api/refresh-request.ts';
import { BOOT_WAIT_MS, startBootPreview } from './features/viewer/index.ts';
import { reloadInPlace } from './lib/app-restart.ts';
import { embedOrigins, startIframeBridge } from './lib/iframe-bridge.ts';

/**
 * The page's entry: a few kB that, on a link straight to the MPR view, put the first image on screen
 * before the app's bundle runs (boot-preview.ts), then start the app. The app's chunks are downloading
 * meanwhile (prefetch links in index.html, added by the build), so waiting costs no download time.
 */
// Issue 30: the start-up script runs (bench:viewer BENCH_FELT=1 splits the wait by phase).
performance.mark('cm:boot:run');

// Spec §1: a parent window may hand over a session. Listened for here, before the app is imported: a
// parent posting as soon as the frame has loaded would otherwise find no listener yet. Storing the tokens
// is followed by a reload of the app in the same page (the token is in memory only, and a frame on another
// site gets no refresh cookie to restore it after a real page load), so nothing of the app's state
// outlives them. The refresh token goes into the server's HttpOnly cookie, or in a frame on another site
// into memory, never into storage (keepHandedSession).
startIframeBridge({
  allowedOrigins: embedOrigins(),
  saveTokens: keepHandedSession,
  navigate: reloadInPlace,
});

// Issue 22: the access token lives in memory, so every page load starts by restoring the session with
// the HttpOnly refresh cookie; it goes out now, while the app's chunks download.
void restoreSession();

// The boot preview only gets the viewer going early: whatever happens to it, the app itself loads.
const waited = new Promise<void>((resolve) => setTimeout(resolve, BOOT_WAIT_MS));
void Promise.race([startBootPreview(window.location.pathname).catch(() => undefined), waited]).then(
  () => import('./main.tsx'),
);
