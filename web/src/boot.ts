import { BOOT_WAIT_MS, startBootPreview } from './features/viewer/boot/boot-preview.ts';

/**
 * The page's entry: a few kB that, on a link straight to the MPR view, put the first image on screen
 * before the app's bundle runs (boot-preview.ts), then start the app. The app's chunks are downloading
 * meanwhile (prefetch links in index.html, added by the build), so waiting costs no download time.
 */
const waited = new Promise<void>((resolve) => setTimeout(resolve, BOOT_WAIT_MS));
void Promise.race([startBootPreview(window.location.pathname).catch(() => undefined), waited]).then(
  () => import('./main.tsx'),
);
