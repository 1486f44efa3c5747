import { type IncomingRegistration, routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { EUROPE, organisation, pageOf, REGIONS } from '../testing/admin-fixtures.ts';
import { IncomingRequestsTab, usePendingRegistrationsCount } from './IncomingRequestsTab.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

const PAT: IncomingRegistration = {
  userId: 'e0000000-0000-4000-8000-000000000001',
  email: 'pending@cardiomap.test',
  title: '',
  givenName: 'Pat',
  middleName: '',
  familyName: 'Pending',
  phoneNumber: '+31 10 000',
  organisationRequest: 'St. Mary Hospital, cardiology department',
  requestedOrganisationId: null,
  dateCreated: '2026-11-01T10:00:00.000Z',
};

let pending: IncomingRegistration[];
beforeEach(() => {
  pending = [PAT];
  signInAs({ isSuperuser: true, canEditUsersAndOrganisations: true });
  server.use(
    apiHandler(routes.incomingRegistrations, () => HttpResponse.json(pageOf(pending))),
    apiHandler(routes.regions, () => HttpResponse.json(REGIONS)),
    apiHandler(routes.groups, () =>
      HttpResponse.json([
        { id: 1, name: 'Superuser', permissions: [] },
        { id: 8, name: 'Physician', permissions: [] },
      ]),
    ),
    apiHandler(routes.listOrganisations, () => HttpResponse.json(pageOf([organisation()]))),
  );
});

function Badge() {
  const count = usePendingRegistrationsCount();
  return <span>badge {count ?? '…'}</span>;
}

describe('IncomingRequestsTab', () => {
  it("lists pending users with the 'Organisation request' column, and the badge counts them", async () => {
    renderInApp(
      <>
        <Badge />
        <IncomingRequestsTab />
      </>,
    );
    const table = await screen.findByRole('table', { name: 'Incoming requests' });
    expect(within(table).getByRole('columnheader', { name: 'Organisation request' })).toBeInTheDocument();
    expect(await within(table).findByText('St. Mary Hospital, cardiology department')).toBeInTheDocument();
    expect(await screen.findByText('badge 1')).toBeInTheDocument();
  });

  it('says so when nobody is waiting', async () => {
    pending = [];
    renderInApp(<IncomingRequestsTab />);
    expect(await screen.findByText('No incoming requests')).toBeInTheDocument();
  });

  it('approves into an existing organisation with the Physician role', async () => {
    let sent: unknown;
    server.use(
      apiHandler(routes.approveRegistration, async ({ request, params }) => {
        sent = { userId: params.userId, body: await request.json() };
        pending = [];
        return HttpResponse.json({ organisationId: organisation().id });
      }),
    );
    renderInApp(<IncomingRequestsTab />);
    await user.click(await screen.findByText('pending@cardiomap.test'));
    const panel = await screen.findByRole('region', { name: 'Registration decision' });
    const approve = within(panel).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    await user.click(within(panel).getByLabelText(/^Organisation/));
    await user.click(await screen.findByRole('option', { name: 'Heart Valve Centre Rotterdam (HVC)' }));
    await user.click(within(panel).getByLabelText(/^Roles/));
    await user.click(await screen.findByRole('option', { name: 'Physician' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(approve).toBeEnabled());
    await user.click(approve);
    expect(await screen.findByText('Registration approved')).toBeInTheDocument();
    expect(sent).toEqual({ userId: PAT.userId, body: { organisationId: organisation().id, groups: [8] } });
    expect(await screen.findByText('No incoming requests')).toBeInTheDocument();
  });

  it('starts from the organisation named exactly as the request (issue 30 #10)', async () => {
    pending = [{ ...PAT, organisationRequest: ' heart valve centre rotterdam' }];
    let sent: unknown;
    server.use(
      apiHandler(routes.approveRegistration, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ organisationId: organisation().id });
      }),
    );
    renderInApp(<IncomingRequestsTab />);
    await user.click(await screen.findByText('pending@cardiomap.test'));
    const panel = await screen.findByRole('region', { name: 'Registration decision' });
    await waitFor(() =>
      expect(within(panel).getByLabelText(/^Organisation/)).toHaveValue('Heart Valve Centre Rotterdam (HVC)'),
    );
    await user.click(within(panel).getByLabelText(/^Roles/));
    await user.click(await screen.findByRole('option', { name: 'Physician' }));
    await user.keyboard('{Escape}');
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Registration approved')).toBeInTheDocument();
    expect(sent).toEqual({ organisationId: organisation().id, groups: [8] });
  });

  it('approves into a new organisation named after the request', async () => {
    let body: { newOrganisation?: { name: string; country: string; regionId: string } } = {};
    server.use(
      apiHandler(routes.approveRegistration, async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ organisationId: organisation().id });
      }),
    );
    renderInApp(<IncomingRequestsTab />);
    await user.click(await screen.findByText('pending@cardiomap.test'));
    const panel = await screen.findByRole('region', { name: 'Registration decision' });
    await user.click(within(panel).getByLabelText('New organisation'));
    expect(within(panel).getByLabelText(/^New organisation name/)).toHaveValue(PAT.organisationRequest);
    await user.type(within(panel).getByLabelText(/^Country/), 'Nether');
    await user.click(await screen.findByRole('option', { name: 'Netherlands' }));
    await user.click(within(panel).getByLabelText(/^Region/));
    await user.click(await screen.findByRole('option', { name: 'Europe' }));
    await user.click(within(panel).getByLabelText(/^Roles/));
    expect(screen.queryByRole('option', { name: 'Superuser' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Physician' }));
    await user.keyboard('{Escape}');
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Registration approved')).toBeInTheDocument();
    expect(body.newOrganisation).toMatchObject({ name: PAT.organisationRequest, country: 'NL', regionId: EUROPE });
  });

  it('declines with a reason, and shows a refusal in the banner', async () => {
    let reason = '';
    let refuse = true;
    server.use(
      apiHandler(routes.declineRegistration, async ({ request }) => {
        if (refuse) return HttpResponse.json({ nonFieldErrors: ['Try later.'] }, { status: 400 });
        reason = ((await request.json()) as { reason: string }).reason;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderInApp(<IncomingRequestsTab />);
    await user.click(await screen.findByText('pending@cardiomap.test'));
    const panel = await screen.findByRole('region', { name: 'Registration decision' });
    const decline = within(panel).getByRole('button', { name: 'Decline' });
    expect(decline).toBeDisabled();
    await user.type(within(panel).getByLabelText('Reason for declining'), 'Unknown clinic');
    await user.click(decline);
    expect(await within(panel).findByText('There was a problem!')).toBeInTheDocument();
    expect(within(panel).getByText('Try later.')).toBeInTheDocument();
    refuse = false;
    await user.click(decline);
    expect(await screen.findByText('Registration declined')).toBeInTheDocument();
    expect(reason).toBe('Unknown clinic');
  });
});
