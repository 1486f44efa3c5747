import { routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';

setUpMockApi();
// Whole-app renders with a real zxcvbn estimate: slow on a shared test machine, never a timing assertion.
vi.setConfig({ testTimeout: 30_000 });

const STRONG = 'violet kettle harbour 42 drift';
const HVC = { id: '00000000-0000-4000-8000-000000000001', name: 'Heart Valve Centre Rotterdam' };
const accepted = (email: string) => ({
  detail: `We sent an e-mail to ${email}. Open the link in it to verify your address; it works for 24 hours.`,
  email,
  resendAvailableIn: 60,
});

function mockOrganisations() {
  const searches: string[] = [];
  server.use(
    apiHandler(routes.registrationOrganisations, ({ request }) => {
      searches.push(new URL(request.url).searchParams.get('search') ?? '');
      return HttpResponse.json([HVC]);
    }),
  );
  return searches;
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>, email?: string) {
  await user.type(await screen.findByLabelText(/First name/), 'Nora');
  await user.type(screen.getByLabelText(/Last name/), 'Newcomer');
  await user.type(screen.getByLabelText(/Phone number/), '+31 10 123 4567');
  if (email) await user.type(screen.getByLabelText(/E-mail/), email);
  await typeAll(user, screen.getByLabelText(/^Password/, { selector: 'input' }), STRONG);
  await typeAll(user, screen.getByLabelText(/Repeat password/), STRONG);
}

/** Long values are pasted: typing them key by key only measures the test machine. */
async function typeAll(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('register page', () => {
  it('prefills the e-mail from an invitation link', async () => {
    renderApp('/register?email=invited%40example.org');
    expect(await screen.findByLabelText(/E-mail/)).toHaveValue('invited@example.org');
    expect(document.title).toBe('CardioMap – Register');
  });

  it('says what is missing before calling the server', async () => {
    const posted = vi.fn();
    server.use(apiHandler(routes.register, posted));
    const user = userEvent.setup();
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    const form = screen.getByRole('form', { name: 'Register' });
    expect(await within(form).findAllByText('This field may not be blank.')).toHaveLength(3);
    expect(within(form).getByText('E-mail must be valid')).toBeInTheDocument();
    expect(within(form).getByText('Must contain at least 15 characters')).toBeInTheDocument();
    expect(within(form).getByText('Choose your organisation or enter the name of a new one.')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('applies the password rules and shows the strength meter', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await user.type(await screen.findByLabelText(/First name/), 'Bartholomew');
    await user.type(screen.getByLabelText(/Last name/), 'Fitzgerald');
    await typeAll(user, screen.getByLabelText(/^Password/, { selector: 'input' }), 'bartholomew fitzgerald');
    await typeAll(user, screen.getByLabelText(/Repeat password/), 'something else entirely');
    expect(await screen.findByTestId('password-strength')).toHaveTextContent(/Strength: (Very weak|Weak|Fair)/);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Must not be your name')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Password/, { selector: 'input' }));
    await typeAll(user, screen.getByLabelText(/^Password/, { selector: 'input' }), STRONG);
    expect(await screen.findByTestId('password-strength')).toHaveTextContent(/Strength: (Strong|Very strong)/);
  });

  it('registers with an organisation found by name, then says to check the e-mail', async () => {
    const searches = mockOrganisations();
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.register, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(accepted('invited@example.org'), { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/register?email=invited%40example.org');
    await fillPerson(user);
    await user.type(screen.getByRole('combobox', { name: /Organisation/ }), 'Heart');
    await user.click(await screen.findByRole('option', { name: HVC.name }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByTestId('check-email')).toHaveTextContent('Check your e-mail');
    expect(screen.getByTestId('registration-detail')).toHaveTextContent(accepted('invited@example.org').detail);
    expect(screen.getByTestId('verification-resend')).toBeDisabled();
    expect(screen.getByTestId('verification-resend')).toHaveTextContent(/Send a new link in (60|59) s/);
    expect(searches.at(-1)).toBe('Heart');
    expect(bodies).toEqual([
      {
        title: '',
        givenName: 'Nora',
        middleName: '',
        familyName: 'Newcomer',
        phoneNumber: '+31 10 123 4567',
        email: 'invited@example.org',
        password: STRONG,
        password2: STRONG,
        organisationId: HVC.id,
      },
    ]);
  });

  it('asks for a new organisation by name', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      apiHandler(routes.register, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(accepted('nora@example.org'), { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    await fillPerson(user, 'nora@example.org');
    await user.click(screen.getByLabelText('My organisation is new to CardioMap'));
    await typeAll(user, screen.getByLabelText(/Organisation name/), 'St. Elsewhere Cardiology');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByTestId('check-email');
    expect(bodies[0]).toMatchObject({ organisationName: 'St. Elsewhere Cardiology' });
    expect(bodies[0]).not.toHaveProperty('organisationId');
  });

  it("puts the server's field messages on the fields", async () => {
    server.use(
      apiHandler(routes.register, () =>
        HttpResponse.json(
          { password: ['This password is too common or easy to guess'], organisationName: ['Too long'] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/register');
    await fillPerson(user, 'nora@example.org');
    await user.click(screen.getByLabelText('My organisation is new to CardioMap'));
    await user.type(screen.getByLabelText(/Organisation name/), 'Somewhere');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This password is too common or easy to guess')).toBeInTheDocument();
    expect(screen.getByText('Too long')).toBeInTheDocument();
    expect(screen.queryByTestId('check-email')).not.toBeInTheDocument();
  });

  it('shows a failure without an answer as the error catalogue words it', async () => {
    server.use(apiHandler(routes.register, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/register');
    await fillPerson(user, 'nora@example.org');
    await user.click(screen.getByLabelText('My organisation is new to CardioMap'));
    await user.type(screen.getByLabelText(/Organisation name/), 'Somewhere');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('register-error')).toHaveTextContent(
      'Lost connection to server. Please try again later.',
    );
  });

  it('is reached from the sign-in page', async () => {
    const user = userEvent.setup();
    const app = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Register' }));
    await waitFor(() => expect(app.location()).toBe('/register'));
  });
});
