import { type OtpRequired, routes, type TokenPair } from '@cardiomap/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { userInfo } from '../../testing/user-info.ts';

setUpMockApi();

async function submitCredentials(email = 'physician@cardiomap.test', password = 'correct horse battery') {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.isFakeTimers() && vi.advanceTimersByTime(ms) });
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const userInfoForAccess = (access: string) =>
  apiHandler(routes.userInfo, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${access}`
      ? HttpResponse.json(userInfo())
      : HttpResponse.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 }),
  );

describe('login page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores the tokens and goes to the redirect target', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.signIn, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: 'acc', refresh: 'ref' });
      }),
      userInfoForAccess('acc'),
    );
    const app = renderApp('/login?redirect=%2Fcontact');
    await submitCredentials(' Physician@CardioMap.test ');
    await waitFor(() => expect(app.location()).toBe('/contact'));
    expect(bodies).toEqual([{ email: 'physician@cardiomap.test', password: 'correct horse battery' }]);
    expect(tokenStore.access()).toBe('acc');
    // Issue 22: the refresh token stays in the server's HttpOnly cookie, out of the page's storage.
    const stored = [...Object.keys(localStorage), ...Object.values(localStorage), ...Object.keys(sessionStorage)];
    expect(stored.filter((entry) => entry === 'ref' || /refresh/i.test(entry))).toEqual([]);
    expect(await screen.findByTestId('user-menu-button')).toBeInTheDocument();
  });

  it('ignores an off-site redirect target', async () => {
    server.use(
      apiHandler(routes.signIn, () => HttpResponse.json({ access: 'acc', refresh: 'ref' })),
      userInfoForAccess('acc'),
    );
    const app = renderApp('/login?redirect=https%3A%2F%2Fevil.example');
    await submitCredentials();
    await waitFor(() => expect(app.location()).toBe('/cases'));
  });

  it('shows why an account cannot sign in once the server says, after the right password (issue 30 §8)', async () => {
    const DEACTIVATED = "This account has been deactivated. Ask your organisation's administrator to reactivate it.";
    server.use(
      apiHandler(routes.signIn, () =>
        HttpResponse.json({ detail: DEACTIVATED, code: 'account_inactive' }, { status: 403 }),
      ),
    );
    const app = renderApp('/login');
    await submitCredentials();
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent(DEACTIVATED);
    expect(app.location()).toBe('/login');
  });

  it('shows the server message for wrong credentials and removes stored tokens', async () => {
    tokenStore.save({ access: 'stale' });
    server.use(
      userInfoForAccess('stale'),
      apiHandler(routes.signIn, () =>
        HttpResponse.json(
          { detail: 'No active account found with the given credentials', code: 'no_active_account' },
          { status: 401 },
        ),
      ),
    );
    const app = renderApp('/login');
    await submitCredentials();
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent(
      'No active account found with the given credentials',
    );
    expect(tokenStore.access()).toBeNull();
    expect(app.location()).toBe('/login');
  });

  it('checks the fields before calling the server', async () => {
    const signIn = vi.fn(() => HttpResponse.json<TokenPair>({ access: 'a', refresh: 'r' }));
    server.use(apiHandler(routes.signIn, signIn));
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This field may not be blank.')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('takes each message away once it no longer applies: fixed fields, edited credentials', async () => {
    server.use(
      apiHandler(routes.signIn, () =>
        HttpResponse.json({ detail: 'No active account found with the given credentials', code: 'x' }, { status: 401 }),
      ),
    );
    renderApp('/login');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('E-mail');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'physician@cardiomap.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument());
    expect(screen.queryByText('This field may not be blank.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('sign-in-error')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByTestId('sign-in-error')).not.toBeInTheDocument();
  });

  it("takes a 400 answer's field message away when that field is edited", async () => {
    server.use(apiHandler(routes.signIn, () => HttpResponse.json({ password: ['Too long.'] }, { status: 400 })));
    renderApp('/login');
    const user = await submitCredentials();
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '{Backspace}');
    await waitFor(() => expect(screen.queryByText('Too long.')).not.toBeInTheDocument());
  });

  it('shows field messages from a 400 answer beside their fields', async () => {
    server.use(apiHandler(routes.signIn, () => HttpResponse.json({ password: ['Too long.'] }, { status: 400 })));
    renderApp('/login');
    await submitCredentials();
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
  });

  it('tells a user whose password expired', async () => {
    server.use(
      apiHandler(routes.signIn, () =>
        HttpResponse.json(
          { detail: 'Your password has expired. Choose a new password to sign in.', code: 'password_expired' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/login');
    await submitCredentials();
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('Your password has expired.');
  });

  it('words a lost connection as the error catalogue says', async () => {
    server.use(apiHandler(routes.signIn, () => HttpResponse.error()));
    renderApp('/login');
    await submitCredentials();
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent(
      'Lost connection to server. Please try again later.',
    );
  });
});

describe('OTP step', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const challenge: OtpRequired = {
    otpRequired: true,
    otpToken: 'challenge-1',
    detail: 'We e-mailed you a 6-digit sign-in code. Enter it to finish signing in.',
    resendAvailableIn: 60,
  };

  it('verifies the e-mailed code and signs in', async () => {
    const verified: unknown[] = [];
    server.use(
      apiHandler(routes.signIn, () => HttpResponse.json(challenge)),
      apiHandler(routes.verifyOtp, async ({ request }) => {
        verified.push(await request.json());
        return HttpResponse.json({ access: 'acc', refresh: 'ref' });
      }),
      userInfoForAccess('acc'),
    );
    const app = renderApp('/login?redirect=%2Fcontact');
    const user = await submitCredentials('mfa@cardiomap.test');
    expect(await screen.findByTestId('otp-notice')).toHaveTextContent(challenge.detail);
    await user.type(screen.getByTestId('otp-input'), '12a34567');
    expect(screen.getByTestId('otp-input')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.location()).toBe('/contact'));
    expect(verified).toEqual([{ email: 'mfa@cardiomap.test', otp: '123456', otpToken: 'challenge-1' }]);
  });

  it('asks for six digits before calling the server', async () => {
    const verify = vi.fn(() => HttpResponse.json<TokenPair>({ access: 'a', refresh: 'r' }));
    server.use(
      apiHandler(routes.signIn, () => HttpResponse.json(challenge)),
      apiHandler(routes.verifyOtp, verify),
    );
    renderApp('/login');
    const user = await submitCredentials();
    await user.type(await screen.findByTestId('otp-input'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail.')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();
  });

  it('shows the server message for a wrong code', async () => {
    server.use(
      apiHandler(routes.signIn, () => HttpResponse.json(challenge)),
      apiHandler(routes.verifyOtp, () =>
        HttpResponse.json({ otp: ['This code is not valid. 4 tries left.'] }, { status: 400 }),
      ),
    );
    renderApp('/login');
    const user = await submitCredentials();
    await user.type(await screen.findByTestId('otp-input'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not valid. 4 tries left.')).toBeInTheDocument();
  });

  it('counts down 60 s before a new code can be requested, then resends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const resent: unknown[] = [];
    server.use(
      apiHandler(routes.signIn, () => HttpResponse.json(challenge)),
      apiHandler(routes.resendOtp, async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ detail: 'A new code is on its way.', resendAvailableIn: 60 });
      }),
    );
    renderApp('/login');
    const user = await submitCredentials('mfa@cardiomap.test');
    const resend = await screen.findByTestId('otp-resend');
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(/^Resend code in (59|60) s$/);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(resend).toHaveTextContent(/^Resend code in (29|30) s$/);
    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    expect(resend).toBeEnabled();
    expect(resend).toHaveTextContent('Resend code');
    await user.click(resend);
    expect(await screen.findByTestId('otp-notice')).toHaveTextContent('A new code is on its way.');
    expect(resent).toEqual([{ email: 'mfa@cardiomap.test', otpToken: 'challenge-1' }]);
    await waitFor(() => expect(screen.getByTestId('otp-resend')).toBeDisabled());
  });
});
