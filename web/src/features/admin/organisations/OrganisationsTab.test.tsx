import { routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { EUROPE, organisation, pageOf, REGIONS } from '../testing/admin-fixtures.ts';
import { OrganisationsTab } from './OrganisationsTab.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

let queries: URLSearchParams[];
beforeEach(() => {
  queries = [];
  signInAs({ isSuperuser: true, canEditUsersAndOrganisations: true });
  server.use(
    apiHandler(routes.regions, () => HttpResponse.json(REGIONS)),
    apiHandler(routes.listOrganisations, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const hvc = organisation();
      const ncl = organisation({
        id: 'd0000000-0000-4000-8000-000000000002',
        code: 'NCL',
        name: 'Northern',
        country: 'GB',
      });
      const name = query.get('name__icontains');
      if (name === 'nothing') return HttpResponse.json(pageOf([]));
      return HttpResponse.json(pageOf(name ? [ncl] : [hvc, ncl]));
    }),
  );
});

describe('OrganisationsTab', () => {
  it('shows Code, Name, Country and Region, and searches by name after the debounce', async () => {
    renderInApp(<OrganisationsTab />);
    const table = await screen.findByRole('table', { name: 'Organisations' });
    expect(await within(table).findByText('Heart Valve Centre Rotterdam')).toBeInTheDocument();
    expect(within(table).getByText('Netherlands')).toBeInTheDocument();
    expect(within(table).getByText('United Kingdom')).toBeInTheDocument();
    for (const header of ['Code', 'Name', 'Country', 'Region']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('Search by name'), 'north');
    await waitFor(() => expect(within(table).queryByText('Heart Valve Centre Rotterdam')).not.toBeInTheDocument());
    expect(queries.at(-1)?.get('name__icontains')).toBe('north');
    expect(queries.some((q) => q.get('name__icontains') === 'n')).toBe(false);
  });

  it("says 'No organisations found' when the search matches none", async () => {
    renderInApp(<OrganisationsTab />);
    await user.type(await screen.findByLabelText('Search by name'), 'nothing');
    expect(await screen.findByText('No organisations found')).toBeInTheDocument();
  });

  it('adds an organisation: Save waits for a valid form, the code rule is checked, the toast says so', async () => {
    let sent: unknown;
    server.use(
      apiHandler(routes.createOrganisation, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(organisation({ id: 'd0000000-0000-4000-8000-000000000009', code: 'NEW' }), {
          status: 201,
        });
      }),
    );
    renderInApp(<OrganisationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Organisation' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Code'), 'ab');
    expect(await within(dialog).findByText('Must be 3 capital letters.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText(/^Name/), 'New Clinic');
    await user.type(within(dialog).getByLabelText(/^Country/), 'Germ');
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.click(within(dialog).getByLabelText(/^Region/));
    await user.click(await screen.findByRole('option', { name: 'Europe' }));
    await user.click(within(dialog).getByLabelText('MFA required'));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Organisation successfully created')).toBeInTheDocument();
    expect(sent).toEqual({
      code: '',
      name: 'New Clinic',
      country: 'DE',
      regionId: EUROPE,
      dataProcessingContract: 'default',
      allowDataProcessing: true,
      hasConfidentialityAgreement: false,
      requiresOtp: true,
      passwordExpirationDays: 180,
    });
  });

  it('puts field errors on fields and nonFieldErrors and distributorId in the banner', async () => {
    server.use(
      apiHandler(routes.updateOrganisation, () =>
        HttpResponse.json(
          { name: ['Too odd.'], distributorId: ['No organisation matches the given id.'], nonFieldErrors: ['Nope.'] },
          { status: 400 },
        ),
      ),
    );
    renderInApp(<OrganisationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Heart Valve Centre Rotterdam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Heart Valve Centre Rotterdam' });
    expect(within(dialog).getByLabelText('Code')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('There was a problem!')).toBeInTheDocument();
    expect(within(dialog).getByText('Nope.')).toBeInTheDocument();
    expect(within(dialog).getByText('No organisation matches the given id.')).toBeInTheDocument();
    expect(within(dialog).getByText('Too odd.')).toBeInTheDocument();
  });

  it('sends 0 when password expiry is turned off', async () => {
    let sent: { passwordExpirationDays?: number } = {};
    server.use(
      apiHandler(routes.updateOrganisation, async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(organisation({ passwordExpires: false, passwordExpirationDays: 0 }));
      }),
    );
    renderInApp(<OrganisationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Heart Valve Centre Rotterdam' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Passwords expire'));
    expect(within(dialog).getByLabelText(/^Password expiration days/)).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation successfully updated')).toBeInTheDocument();
    expect(sent.passwordExpirationDays).toBe(0);
  });

  it('deletes after a 400 px confirmation, and shows why a delete is refused', async () => {
    let refuse = true;
    server.use(
      apiHandler(routes.deleteOrganisation, () =>
        refuse
          ? HttpResponse.json(
              { detail: 'This organisation still has cases and cannot be deleted.', code: 'organisation_has_cases' },
              { status: 409 },
            )
          : new HttpResponse(null, { status: 204 }),
      ),
    );
    renderInApp(<OrganisationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Heart Valve Centre Rotterdam' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Heart Valve Centre Rotterdam?' });
    expect(within(confirm).getByText('This cannot be undone.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This organisation still has cases and cannot be deleted.')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Heart Valve Centre Rotterdam?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully deleted organisation')).toBeInTheDocument();
  });
});
