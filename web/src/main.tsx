import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createQueryClient, setSessionExpiredHandler, tokenStore } from './api/index.ts';
import { App } from './app/App.tsx';
import { loginPathFor } from './app/login-redirect.ts';

import { appRoutes } from './app/routes.tsx';
import { prefetchCurrentUser } from './features/auth/index.ts';
import { dismissBootPreview, prefetchViewerDeepLink } from './features/viewer/index.ts';

const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes);

// Spec §8 "Session": when refreshing fails the tokens are gone; go to login and come back afterwards.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate(loginPathFor(router.state.location), { replace: true });
});

// The start-up script's image of the MPR panes (boot.ts) stays only while the page is the one it drew.
const startPath = window.location.pathname;
router.subscribe((state) => {
  if (state.location.pathname !== startPath) dismissBootPreview();
});

// Before the first render: the user and, on a viewer link, the viewer's data are asked for at once.
prefetchCurrentUser(queryClient);
prefetchViewerDeepLink(queryClient, window.location.pathname, tokenStore.isAuthenticated());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
