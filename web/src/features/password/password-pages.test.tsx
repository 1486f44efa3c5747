import { routes } from '@cardiomap/contract';
import { PASSWORD_MESSAGES } from '@cardiomap/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';

setUpMockApi();

const SENT = 'If an account exists for this address, we have e-mailed a link.';
const STRONG = 'violet kettle harbour 42 drift';

/** Pastes instead of typing key by key: the strength meter re-estimates on every change. */
async function typeFast(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

describe('forgot and expired password page', () => {
  it('sends the address and the reason, and shows the one answer', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.passwordReset, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: SENT });
      }),
    );
    renderApp('/forgotpassword');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), ' Someone@Example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByTestId('password-reset-sent')).toHaveTextContent(SENT);
    expect(bodies).toEqual([{ email: 'someone@example.org', reason: 'forgot' }]);
  });

  it('is the same page with the expired reason and the address prefilled', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.passwordReset, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: SENT });
      }),
    );
    renderApp('/passwordexpired?email=eva%40example.org');
    expect(await screen.findByRole('heading', { name: 'Your password has expired' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('eva@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await screen.findByTestId('password-reset-sent');
    expect(bodies).toEqual([{ email: 'eva@example.org', reason: 'expired' }]);
  });

  it('checks the address before calling the server, and shows a lost connection', async () => {
    renderApp('/forgotpassword');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();

    server.use(apiHandler(routes.passwordReset, () => HttpResponse.error()));
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Something went wrong. Please try again later')).toBeInTheDocument();
  });
});

// The zxcvbn dictionaries load and estimate on every change: slower than a plain form on a busy machine.
describe('password reset page', { timeout: 30_000 }, () => {
  it('checks the rules as the user types, then sets the password and offers sign-in', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server.use(
      apiHandler(routes.passwordResetConfirm, async ({ request }) => {
        calls.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ detail: 'Your password has been changed. Sign in with your new password.' });
      }),
    );
    const app = renderApp('/passwordreset/11111111-1111-4111-8111-111111111111/tok-en_1');
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await typeFast('Repeat new password', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.clear(screen.getByLabelText('New password'));
    await typeFast('New password', STRONG);
    await userEvent.clear(screen.getByLabelText('Repeat new password'));
    await typeFast('Repeat new password', STRONG);
    await waitFor(() => expect(screen.queryByText(PASSWORD_MESSAGES.mismatch)).not.toBeInTheDocument());
    expect(screen.getByTestId('password-strength')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByTestId('password-reset-done')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: '/api/passwordreset-confirmation/11111111-1111-4111-8111-111111111111/tok-en_1/',
        body: { newPassword: STRONG, newPassword2: STRONG },
      },
    ]);
    await userEvent.click(screen.getByTestId('password-reset-sign-in'));
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('shows a used or expired link with a way to ask for a new one', async () => {
    server.use(
      apiHandler(routes.passwordResetConfirm, () =>
        HttpResponse.json(
          { nonFieldErrors: ['This password reset link has expired. Please request a new one.'] },
          { status: 400 },
        ),
      ),
    );
    renderApp('/passwordreset/11111111-1111-4111-8111-111111111111/old');
    await screen.findByLabelText('New password');
    await typeFast('New password', STRONG);
    await typeFast('Repeat new password', STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByTestId('password-reset-error')).toHaveTextContent(/has expired/);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('shows the server rules (history) on the field', async () => {
    server.use(
      apiHandler(routes.passwordResetConfirm, () =>
        HttpResponse.json({ newPassword: [PASSWORD_MESSAGES.reused] }, { status: 400 }),
      ),
    );
    renderApp('/passwordreset/11111111-1111-4111-8111-111111111111/t');
    await screen.findByLabelText('New password');
    await typeFast('New password', STRONG);
    await typeFast('Repeat new password', STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.reused)).toBeInTheDocument();
  });
});

describe('sign-in with an expired password', () => {
  it('links to the expired-password page with the address', async () => {
    server.use(
      apiHandler(routes.signIn, () =>
        HttpResponse.json(
          { detail: 'Your password has expired. Choose a new password to sign in.', code: 'password_expired' },
          { status: 403 },
        ),
      ),
      apiHandler(routes.passwordReset, () => HttpResponse.json({ detail: SENT })),
    );
    const app = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'eva@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'old password here');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByText('Choose a new password'));
    await waitFor(() => expect(app.location()).toBe('/passwordexpired?email=eva%40example.org'));
    expect(screen.getByLabelText('E-mail')).toHaveValue('eva@example.org');
  });
});
