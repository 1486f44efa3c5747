import { keepHandedSession } from './api/refresh-request.ts';
import { BOOT_WAIT_MS, startBootPreview } from './features/viewer/index.ts';
import { embedOrigins, startIframeBridge } from './lib/iframe-bridge.ts';

/**
 * The page's entry: a few kB that, on a link straight to the MPR view, put the first image on screen
 * before the app's bundle runs (boot-preview.ts), then start the app. The app's chunks are downloading
 * meanwhile (prefetch links in index.html, added by the build), so waiting costs no download time.
 */
// Spec §1: a parent window may hand over a session. Listened for here, before the app is imported: a
// parent posting as soon as the frame has loaded would otherwise find no listener yet. Storing the tokens
// is followed by a full navigation, so nothing of the app's state outlives them. The refresh token goes
// into the server's HttpOnly cookie, never into storage (keepHandedSession).
startIframeBridge({
  allowedOrigins: embedOrigins(),
  saveTokens: keepHandedSession,
  navigate: (target) => (target ? window.location.assign(target) : window.location.reload()),
});

const waited = new Promise<void>((resolve) => setTimeout(resolve, BOOT_WAIT_MS));
void Promise.race([startBootPreview(window.location.pathname).catch(() => undefined), waited]).then(
  () => import('./main.tsx'),
);
