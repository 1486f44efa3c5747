import { type DetailError, type RouteResponse, routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 30_000 });

const KEY = 'AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

function answerVerification(status: number, body: RouteResponse<typeof routes.verifyEmail> | DetailError) {
  const calls: string[] = [];
  server.use(
    apiHandler(routes.verifyEmail, ({ params }) => {
      calls.push(String(params.verificationKey));
      return HttpResponse.json(body, { status });
    }),
  );
  return calls;
}

describe('e-mail verification page', () => {
  it('verifies once and leads to sign-in', async () => {
    const calls = answerVerification(200, {
      detail: 'Your e-mail address is verified. Sign in to continue.',
      email: 'nora@example.org',
    });
    const user = userEvent.setup();
    const app = renderApp(`/emailverification/${KEY}`);
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your e-mail address…');
    expect(await screen.findByTestId('verification-result')).toHaveTextContent(
      'Your e-mail address is verified. Sign in to continue.',
    );
    expect(calls).toEqual([KEY]);
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('says when the link was used already, and offers sign-in', async () => {
    answerVerification(409, {
      code: 'verification_used',
      detail: 'This link has already been used: your e-mail address is verified. Sign in to continue.',
    });
    renderApp(`/emailverification/${KEY}`);
    expect(await screen.findByTestId('verification-result')).toHaveTextContent('This link has already been used');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'New verification link' })).not.toBeInTheDocument();
  });

  it.each([
    [410, 'verification_expired', 'This link has expired: links work for 24 hours. Ask for a new link below.'],
    [404, 'verification_invalid', 'This verification link is not valid.'],
  ])('answers %i (%s) with a way to a new link', async (status, code, detail) => {
    answerVerification(status, { code, detail });
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.resendVerification, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { detail: 'We sent an e-mail to nora@example.org.', email: 'nora@example.org', resendAvailableIn: 60 },
          { status: 202 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp(`/emailverification/${KEY}`);
    expect(await screen.findByTestId('verification-result')).toHaveTextContent(detail);
    const form = screen.getByRole('form', { name: 'New verification link' });
    expect(form).toBeInTheDocument();

    await user.click(screen.getByTestId('verification-resend'));
    expect(await screen.findByText('E-mail must be valid')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(screen.getByLabelText(/E-mail/), 'Nora@Example.org');
    await user.click(screen.getByLabelText(/Password/));
    await user.paste('violet kettle harbour 42 drift');
    await user.click(screen.getByTestId('verification-resend'));
    expect(await screen.findByTestId('verification-notice')).toHaveTextContent(
      'We sent an e-mail to nora@example.org.',
    );
    expect(bodies).toEqual([{ email: 'nora@example.org', password: 'violet kettle harbour 42 drift' }]);
    expect(screen.getByTestId('verification-resend')).toBeDisabled();
    expect(screen.getByTestId('verification-resend')).toHaveTextContent(/Send a new link in (60|59) s/);
  });

  it('offers to try again when the server cannot be reached', async () => {
    let calls = 0;
    server.use(
      apiHandler(routes.verifyEmail, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ detail: 'Your e-mail address is verified. Sign in to continue.', email: 'n@e.org' });
      }),
    );
    const user = userEvent.setup();
    renderApp(`/emailverification/${KEY}`);
    expect(await screen.findByTestId('verification-result')).toHaveTextContent(
      'Lost connection to server. Please try again later.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('verification-result')).toHaveTextContent('Your e-mail address is verified.');
  });
});
