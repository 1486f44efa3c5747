export { viewerKeys } from './api/viewer-keys.ts';
export { BOOT_WAIT_MS, dismissBootPreview, startBootPreview } from './boot/boot-preview.ts';
export { prefetchViewerDeepLink } from './deep-link-prefetch.ts';
export { closeViewerSessions } from './session/viewer-sessions.ts';
export { ViewerLinks } from './ViewerLinks.tsx';
export { CaseCanceledPage, ResultsPendingPage } from './ViewerNoticePage.tsx';
export { viewerPaths } from './viewer-paths.ts';
export { studyViewerRoute } from './viewer-routes.tsx';
