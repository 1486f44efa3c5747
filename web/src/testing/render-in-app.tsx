import { routes, type UserInfo } from '@cardiomap/contract';
import { render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { createQueryClient, tokenStore } from '../api/index.ts';
import { App } from '../app/App.tsx';
import { RequireAuth } from '../app/RequireAuth.tsx';
import { patientIdentifiers } from '../features/auth/index.ts';
import { apiHandler } from './api-handler.ts';
import { server } from './server.ts';
import { userInfo } from './user-info.ts';

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/** Stores a session and answers userinfo/ with this user. */
export function signInAs(overrides: Partial<UserInfo> = {}): UserInfo {
  const user = userInfo(overrides);
  // A new session: nothing hidden or requested by an earlier test's user.
  patientIdentifiers.reset();
  tokenStore.save({ access: 'access', refresh: 'refresh' });
  server.use(apiHandler(routes.userInfo, () => HttpResponse.json(user)));
  return user;
}

/**
 * Renders one component with the app's real providers (theme, query client, toasts, router) below
 * RequireAuth, so it sees the signed-in user. Any navigation away shows the path it went to.
 */
export function renderInApp(element: ReactElement) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element },
          { path: '*', element: <Elsewhere /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  return { ...render(<App router={router} queryClient={queryClient} />), router, queryClient };
}
