import { routes } from '@cardiomap/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient, tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { server, setUpMockApi } from '../../testing/server.ts';
import { userInfo } from '../../testing/user-info.ts';
import { UserMenu } from './UserMenu.tsx';

setUpMockApi();

function renderMenu(user = userInfo()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <UserMenu user={user} /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const shownLinks = () =>
  within(screen.getByRole('menu'))
    .queryAllByRole('menuitem')
    .map((item) => item.getAttribute('data-testid'));

describe('user menu (spec §2)', () => {
  it('names the avatar button by the initials it shows, then whose menu it opens (WCAG 2.5.3)', () => {
    renderMenu(userInfo({ hasRole: true, firstRole: 'Physician' }));
    const button = screen.getByTestId('user-menu-button');
    expect(button).toHaveTextContent('PH');
    expect(button).toHaveAccessibleName('PH, user menu of Dr. Philippa Heart');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('shows avatar, name, first role and organisation, with the role links', async () => {
    renderMenu(userInfo({ hasRole: true, firstRole: 'Physician' }));
    await userEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('Dr. Philippa Heart');
    expect(screen.getByTestId('user-menu-role')).toHaveTextContent('Physician');
    expect(screen.getByTestId('user-menu-organisation')).toHaveTextContent('@ Heart Valve Centre Rotterdam');
    expect(shownLinks()).toEqual([
      'user-menu-link-analyses',
      'user-menu-link-settings',
      'user-menu-link-licenses',
      'user-menu-link-docs',
      'user-menu-link-contact',
      'user-menu-logout',
    ]);
  });

  it('adds templates and users & organisations by permission', async () => {
    renderMenu(userInfo({ canAddTemplate: true, canEditUsersAndOrganisations: true }));
    await userEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-link-templates')).toHaveAttribute('href', '/templates');
    expect(screen.getByTestId('user-menu-link-users')).toHaveAttribute('href', '/users-and-organisations');
  });

  it('shows only Contact Us and the pending organisation line to a user without role', async () => {
    renderMenu(userInfo({ hasRole: false, roles: [], firstRole: null, primaryOrganisation: null }));
    await userEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-organisation')).toHaveTextContent('Organisation pending');
    expect(shownLinks()).toEqual(['user-menu-link-contact', 'user-menu-logout']);
  });

  it('logs out: goes to login, clears the token and revokes the session by its access token', async () => {
    tokenStore.save({ access: 'acc' });
    const logouts: { auth: string | null; body: unknown }[] = [];
    server.use(
      apiHandler(routes.logout, async ({ request }) => {
        logouts.push({ auth: request.headers.get('authorization'), body: await request.json() });
        return HttpResponse.json({ detail: 'Signed out.' });
      }),
    );
    const router = renderMenu();
    await userEvent.click(screen.getByTestId('user-menu-button'));
    await userEvent.click(screen.getByTestId('user-menu-logout'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(tokenStore.access()).toBeNull();
    await expect.poll(() => logouts).toEqual([{ auth: 'Bearer acc', body: {} }]);
  });

  it('logs out with an expired access token: one refresh by the cookie, then sign-out with the new token', async () => {
    tokenStore.save({ access: 'expired' });
    const calls: string[] = [];
    server.use(
      apiHandler(routes.logout, ({ request }) => {
        const auth = request.headers.get('authorization');
        calls.push(`logout ${auth}`);
        return auth === 'Bearer fresh'
          ? HttpResponse.json({ detail: 'Signed out.' })
          : HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 });
      }),
      // The refresh token is the HttpOnly cookie: the page sends an empty body.
      apiHandler(routes.refresh, async ({ request }) => {
        calls.push(`refresh ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ access: 'fresh', refresh: 'cookie-only' });
      }),
    );
    renderMenu();
    await userEvent.click(screen.getByTestId('user-menu-button'));
    await userEvent.click(screen.getByTestId('user-menu-logout'));
    await expect.poll(() => calls).toEqual(['logout Bearer expired', 'refresh {}', 'logout Bearer fresh']);
    expect(tokenStore.access()).toBeNull();
  });
});
