import { routes } from '@cardiomap/contract';
import { PASSWORD_MESSAGES } from '@cardiomap/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { SettingsPage } from './SettingsPage.tsx';

const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

setUpMockApi();

const STRONG = 'violet kettle harbour 42 drift';
const SESSIONS = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    dateCreated: '2026-11-26T10:00:00Z',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
    ip: '10.0.0.1',
    current: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    dateCreated: '2026-11-25T10:00:00Z',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ip: '10.0.0.2',
    current: false,
  },
];

function renderSettings() {
  const user = signInAs();
  server.use(apiHandler(routes.sessions, () => HttpResponse.json(SESSIONS)));
  return { user, ...renderInApp(<SettingsPage />) };
}

async function paste(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

describe('settings page', { timeout: 30_000 }, () => {
  it('saves the user details and shows the answer', async () => {
    const bodies: unknown[] = [];
    const { user } = renderSettings();
    server.use(
      apiHandler(routes.profileChange, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        return HttpResponse.json({ ...user, ...body });
      }),
    );
    const details = await screen.findByRole('region', { name: 'User details' });
    const save = within(details).getByRole('button', { name: 'Save details' });
    expect(save).toBeDisabled();
    const family = within(details).getByLabelText(/Last name/);
    await userEvent.clear(family);
    await userEvent.click(save);
    expect(await within(details).findByText('This field is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(family, 'Hart');
    await userEvent.click(save);
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ familyName: 'Hart', givenName: user.givenName })]);
  });

  it('shows field errors of the server on the details form', async () => {
    renderSettings();
    server.use(
      apiHandler(routes.profileChange, () =>
        HttpResponse.json({ phoneNumber: ['Enter a valid phone number.'] }, { status: 400 }),
      ),
    );
    const details = await screen.findByRole('region', { name: 'User details' });
    await userEvent.type(within(details).getByLabelText(/Phone number/), '9');
    await userEvent.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await within(details).findByText('Enter a valid phone number.')).toBeInTheDocument();
  });

  it('changes the password through the e-mailed code step', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderSettings();
    server.use(
      apiHandler(routes.passwordChange, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.otp) {
          return HttpResponse.json({
            otpRequired: true,
            detail: 'We e-mailed you a 6-digit code.',
            resendAvailableIn: 60,
          });
        }
        if (body.otp !== '123456') return HttpResponse.json({ otp: ['The code is not correct.'] }, { status: 400 });
        return HttpResponse.json({ detail: 'Password changed successfully' });
      }),
    );
    const form = await screen.findByRole('region', { name: 'Change password' });
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('This field is required')).toBeInTheDocument();
    expect(within(form).getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();

    await paste('Old password', 'the old password');
    await paste('New password', STRONG);
    await paste('Repeat new password', `${STRONG}x`);
    expect(await within(form).findByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Repeat new password'));
    await paste('Repeat new password', STRONG);
    await waitFor(() => expect(within(form).queryByText(PASSWORD_MESSAGES.mismatch)).not.toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByTestId('password-otp-notice')).toHaveTextContent('We e-mailed you a 6-digit code.');
    expect(within(form).getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Verification code'), '000000');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm with code' }));
    expect(await within(form).findByText('The code is not correct.')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Verification code'));
    await userEvent.type(within(form).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm with code' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(bodies.map((b) => b.otp)).toEqual([undefined, '000000', '123456']);
    expect(bodies[2]).toEqual({
      oldPassword: 'the old password',
      newPassword: STRONG,
      newPassword2: STRONG,
      otp: '123456',
    });
    expect(screen.getByLabelText('Old password')).toHaveValue('');
  });

  it('shows a wrong old password on its field', async () => {
    renderSettings();
    server.use(
      apiHandler(routes.passwordChange, () =>
        HttpResponse.json({ oldPassword: ['Your old password was entered incorrectly.'] }, { status: 400 }),
      ),
    );
    await screen.findByRole('region', { name: 'Change password' });
    await paste('Old password', 'wrong');
    await paste('New password', STRONG);
    await paste('Repeat new password', STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your old password was entered incorrectly.')).toBeInTheDocument();
  });

  it('saves a display setting on toggle', async () => {
    const bodies: unknown[] = [];
    renderSettings();
    server.use(
      apiHandler(routes.patchSettings, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ hide_patient_identifier: true, cases_default_table_view: true });
      }),
    );
    await userEvent.click(await screen.findByLabelText('Hide patient identifiers'));
    expect(await screen.findByText('Display settings saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ settings: { hide_patient_identifier: true } }]);
  });

  it('lists the sign-ins and signs out everywhere', async () => {
    const { router } = renderSettings();
    let revoked = 0;
    server.use(
      apiHandler(routes.revokeAllSessions, () => {
        revoked++;
        return HttpResponse.json({ detail: 'Signed out everywhere.' });
      }),
      apiHandler(routes.logoutRefresh, () => HttpResponse.json({ detail: 'Signed out.' })),
      // Then the page signs out itself: its sign-in is one of those just revoked, so both refuse.
      apiHandler(routes.logout, () => HttpResponse.json(TOKEN_NOT_VALID, { status: 401 })),
      apiHandler(routes.refresh, () => HttpResponse.json(TOKEN_NOT_VALID, { status: 401 })),
    );
    const list = await screen.findByTestId('session-list');
    // Browser and system in words, not the raw user-agent strings (issue 30 §12), and one date format.
    expect(within(list).getByText('Firefox 132 on macOS')).toBeInTheDocument();
    expect(within(list).getByText('Safari 17 on iOS 17.5')).toBeInTheDocument();
    expect(within(list).queryByText(/Mozilla/)).not.toBeInTheDocument();
    expect(within(list).getByText(/^Signed in \d{1,2} Nov 2026, \d{2}:\d{2} from 10\.0\.0\.1$/)).toBeInTheDocument();
    expect(within(list).getByText('This browser')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(revoked).toBe(1);
    expect(tokenStore.access()).toBeNull();
  });

  it('says so when the sign-ins cannot be loaded', async () => {
    signInAs();
    // A 4xx: not retried, so the error shows at once.
    server.use(apiHandler(routes.sessions, () => HttpResponse.json({ detail: 'x', code: 'y' }, { status: 403 })));
    renderInApp(<SettingsPage />);
    expect(await screen.findByText('The sign-ins could not be loaded.')).toBeInTheDocument();
  });
});
