import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { createQueryClient, setSessionExpiredHandler } from '../api/index.ts';
import { App } from '../app/App.tsx';
import { loginPathFor } from '../app/login-redirect.ts';

import { appRoutes } from '../app/routes.tsx';

/** Renders the whole app (providers, router, guards) at one path, as main.tsx wires it. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  setSessionExpiredHandler(() => {
    queryClient.clear();
    void router.navigate(loginPathFor(router.state.location), { replace: true });
  });
  const view = render(<App router={router} queryClient={queryClient} />);
  return {
    ...view,
    router,
    queryClient,
    location: () => router.state.location.pathname + router.state.location.search,
  };
}
