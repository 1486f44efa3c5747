import { routes, type UserInfo } from '@cardiomap/contract';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { restoreSession, tokenStore } from '../api/index.ts';
import { apiHandler } from '../testing/api-handler.ts';
import { renderApp } from '../testing/render-app.tsx';
import { server, setUpMockApi } from '../testing/server.ts';
import { userInfo } from '../testing/user-info.ts';

setUpMockApi();

const signedInAs = (user: UserInfo) => {
  tokenStore.save({ access: 'access' });
  server.use(apiHandler(routes.userInfo, () => HttpResponse.json(user)));
};

describe('routing and guards (spec §2)', () => {
  it('sends a visitor without a token to login with a redirect query', async () => {
    const app = renderApp('/terms?x=1');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fterms%3Fx%3D1'));
    expect(await screen.findByRole('heading', { name: 'Sign in to CardioMap' })).toBeInTheDocument();
  });

  it('sends the user to login with a redirect when the user cannot be loaded', async () => {
    tokenStore.save({ access: 'access' });
    server.use(
      apiHandler(routes.userInfo, () => HttpResponse.json({ detail: 'boom', code: 'error' }, { status: 500 })),
    );
    const app = renderApp('/pendingregistration');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fpendingregistration'));
  });

  it('shows a loading state until the user is loaded', async () => {
    tokenStore.save({ access: 'access' });
    let release: () => void = () => {};
    server.use(
      apiHandler(routes.userInfo, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(userInfo({ hasApprovedTerms: true }));
      }),
    );
    renderApp('/terms');
    expect(await screen.findByLabelText('Loading your account')).toBeInTheDocument();
    release();
    expect(await screen.findByText('You have accepted these terms.')).toBeInTheDocument();
  });

  it('redirects / to pendingregistration when the user has no primary organisation', async () => {
    signedInAs(userInfo({ primaryOrganisation: null, hasRole: false, roles: [], firstRole: null }));
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/pendingregistration'));
    expect(await screen.findByRole('heading', { name: 'Registration received' })).toBeInTheDocument();
  });

  it('redirects / to terms, keeping where the user was going, when the terms are not approved', async () => {
    signedInAs(userInfo({ hasApprovedTerms: false }));
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/terms?redirect=%2F'));
  });

  it('redirects / to the case list for a user who passes every guard', async () => {
    signedInAs(userInfo());
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/cases'));
  });

  it('shows the not-found page with a home link for an unknown path', async () => {
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
    expect(app.location()).toBe('/no/such/page');
    await waitFor(() => expect(document.title).toBe('CardioMap – Page not found'));
  });

  it('shows the public pages without signing in', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('CardioMap – Contact us'));
  });
});

describe('a page load restores the session by the refresh cookie (issue 22)', () => {
  /** main.tsx as a page load runs it: the restore starts before the first render. */
  const loadPage = (path: string) => {
    void restoreSession();
    return renderApp(path);
  };

  it('shows the loading state, not the sign-in page, until one refresh has restored the session', async () => {
    let answer: () => void = () => {};
    const delay = new Promise<void>((resolve) => (answer = resolve));
    let refreshes = 0;
    const bearers: (string | null)[] = [];
    server.use(
      apiHandler(routes.refresh, async () => {
        refreshes++;
        await delay;
        return HttpResponse.json({ access: 'restored', refresh: 'r' });
      }),
      apiHandler(routes.userInfo, ({ request }) => {
        bearers.push(request.headers.get('authorization'));
        return HttpResponse.json(userInfo({ hasApprovedTerms: true }));
      }),
    );
    const app = loadPage('/terms');
    expect(await screen.findByLabelText('Loading your account')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in to CardioMap' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(app.location()).toBe('/terms');
    answer();
    expect(await screen.findByText('You have accepted these terms.')).toBeInTheDocument();
    expect(app.location()).toBe('/terms');
    expect(refreshes).toBe(1);
    expect(bearers).toEqual(['Bearer restored']);
    expect(JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])).not.toContain('restored');
  });

  it('goes to the sign-in page with a redirect when the refresh is refused', async () => {
    let refreshes = 0;
    server.use(
      apiHandler(routes.refresh, () => {
        refreshes++;
        return HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 });
      }),
    );
    const app = loadPage('/terms');
    expect(await screen.findByRole('heading', { name: 'Sign in to CardioMap' })).toBeInTheDocument();
    expect(app.location()).toBe('/login?redirect=%2Fterms');
    // No loop: the sign-in page does not try again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refreshes).toBe(1);
  });

  it('tells a tab whose account was deactivated why it is signed out (issue 30 §8)', async () => {
    const DEACTIVATED = "This account has been deactivated. Ask your organisation's administrator to reactivate it.";
    // The tab was signed in; meanwhile an administrator deactivated the account: its token is refused,
    // and the refresh answers why (to the holder of the session only).
    tokenStore.save({ access: 'before' });
    server.use(
      apiHandler(routes.userInfo, () => HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 })),
      apiHandler(routes.refresh, () =>
        HttpResponse.json({ detail: DEACTIVATED, code: 'account_inactive' }, { status: 401 }),
      ),
    );
    const app = renderApp('/terms');
    expect(await screen.findByTestId('session-ended')).toHaveTextContent(DEACTIVATED);
    expect(app.location()).toBe('/login?redirect=%2Fterms');
  });

  it('says nothing more than the sign-in page when the session simply ended', async () => {
    tokenStore.save({ access: 'before' });
    server.use(
      apiHandler(routes.userInfo, () => HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 })),
      apiHandler(routes.refresh, () => HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 })),
    );
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Sign in to CardioMap' })).toBeInTheDocument();
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('goes to the sign-in page when another tab signs out', async () => {
    signedInAs(userInfo({ hasApprovedTerms: true }));
    const app = renderApp('/terms');
    expect(await screen.findByText('You have accepted these terms.')).toBeInTheDocument();
    const otherTab = new BroadcastChannel('cm_session');
    otherTab.postMessage({ type: 'signed-out' });
    otherTab.close();
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fterms'));
    expect(tokenStore.access()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in to CardioMap' })).toBeInTheDocument();
  });
});

describe('terms page', () => {
  it('approves the terms and continues to the redirect target', async () => {
    const accepted: unknown[] = [];
    signedInAs(userInfo({ hasApprovedTerms: false }));
    server.use(
      apiHandler(routes.acceptTerms, async ({ request }) => {
        accepted.push(await request.json());
        return HttpResponse.json(userInfo({ hasApprovedTerms: true }));
      }),
    );
    const app = renderApp('/terms?redirect=%2Fcontact');
    const accept = await screen.findByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    screen.getByLabelText('I have read and accept the terms of use').click();
    await waitFor(() => expect(accept).toBeEnabled());
    accept.click();
    await waitFor(() => expect(app.location()).toBe('/contact'));
    expect(accepted).toEqual([{ hasApprovedTerms: true }]);
  });

  it('shows an error toast when approving fails', async () => {
    signedInAs(userInfo({ hasApprovedTerms: false }));
    server.use(apiHandler(routes.acceptTerms, () => HttpResponse.error()));
    renderApp('/terms');
    (await screen.findByLabelText('I have read and accept the terms of use')).click();
    (await screen.findByRole('button', { name: 'Accept' })).click();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Lost connection to server. Please try again later.');
  });
});
