import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createQueryClient, restoreSession, setSessionExpiredHandler, tokenStore } from './api/index.ts';
import { App } from './app/App.tsx';
import { loginPathFor } from './app/login-redirect.ts';

import { appRoutes } from './app/routes.tsx';
import { patientIdentifiers, prefetchCurrentUser } from './features/auth/index.ts';
import { closeViewerSessions, dismissBootPreview, prefetchViewerDeepLink } from './features/viewer/index.ts';
import { setAppRestart } from './lib/app-restart.ts';

// Issue 30: the app's bundle has run (bench:viewer BENCH_FELT=1 splits the wait by phase).
performance.mark('cm:app:run');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

let root: Root | null = null;
let unsubscribe = () => {};

/** Renders the app from the current address with fresh state; again after an iframe hand-off. */
function startApp(): void {
  unsubscribe();
  root?.unmount();
  const queryClient = createQueryClient();
  const router = createBrowserRouter(appRoutes);

  // Spec §8 "Session": when refreshing fails the tokens are gone; go to login and come back afterwards.
  setSessionExpiredHandler(() => {
    queryClient.clear();
    void router.navigate(loginPathFor(router.state.location), { replace: true });
  });

  // The start-up script's image of the MPR panes (boot.ts) stays only while the page is the one it drew.
  const startPath = window.location.pathname;
  const stopRouter = router.subscribe((state) => {
    if (state.location.pathname !== startPath) dismissBootPreview();
  });
  // Signed out in another tab (or here): nothing the user saw stays cached in this one.
  const stopSession = tokenStore.subscribe(() => {
    if (tokenStore.status() === 'signed-out') queryClient.clear();
  });
  unsubscribe = () => {
    stopRouter();
    stopSession();
  };

  // Before the first render: the user and, on a viewer link, the viewer's data are asked for at once
  // (after the session is restored by the cookie, which boot.ts started).
  prefetchCurrentUser(queryClient);
  void restoreSession().then((signedIn) => prefetchViewerDeepLink(queryClient, window.location.pathname, signedIn));

  root = createRoot(container as HTMLElement);
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

setAppRestart(() => {
  dismissBootPreview();
  closeViewerSessions();
  patientIdentifiers.reset();
  startApp();
});
startApp();
