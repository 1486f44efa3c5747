import { type AuditEvent, routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { organisation } from '../admin/testing/admin-fixtures.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();
const CASE_ID = 'a1000000-0000-4000-8000-000000000001';
const ORG_ID = 'd0000000-0000-4000-8000-000000000001';

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: crypto.randomUUID(),
  at: '2026-11-20T09:00:00.000Z',
  actorId: '11111111-1111-4111-8111-111111111111',
  actorEmail: 'superuser@cardiomap.test',
  action: 'organisation.update',
  targetType: 'organisation',
  targetId: ORG_ID,
  organisationId: ORG_ID,
  ip: '127.0.0.1',
  details: { before: { requiresOtp: false }, after: { requiresOtp: true } },
  ...overrides,
});

let queries: URLSearchParams[];
beforeEach(() => {
  queries = [];
  server.use(
    apiHandler(routes.auditEvents, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const results = query.get('case_id')
        ? [event({ action: 'case.cancel', targetType: 'case', targetId: CASE_ID, details: {} })]
        : query.get('action') === 'nothing'
          ? []
          : [event({}), event({ action: 'registration.approve', targetType: 'user' })];
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    apiHandler(routes.listUsers, () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
    apiHandler(routes.listOrganisations, () =>
      HttpResponse.json({
        count: 1,
        next: null,
        previous: null,
        results: [organisation({ id: ORG_ID })],
      }),
    ),
  );
});

describe('AuditPage', () => {
  it('is not found for a user who may not edit users and organisations', async () => {
    signInAs({ canEditUsersAndOrganisations: false, hasRole: true });
    renderApp('/audit');
    expect(await screen.findByText('Page Not Found!')).toBeInTheDocument();
  });

  it('lists the trail and filters by action', async () => {
    signInAs({ canEditUsersAndOrganisations: true, hasRole: true });
    renderApp('/audit');
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(await within(table).findByText('registration.approve')).toBeInTheDocument();
    expect(within(table).getByText('organisation.update')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Action'), 'nothing');
    expect(await screen.findByText('No audit events match these filters')).toBeInTheDocument();
  });

  it('filters by case once the id is whole, and by organisation', async () => {
    signInAs({ canEditUsersAndOrganisations: true, hasRole: true });
    renderApp('/audit');
    const table = await screen.findByRole('table', { name: 'Audit events' });
    await user.type(screen.getByLabelText('Case id'), 'abc');
    expect(screen.getByText('Enter the case id (a UUID).')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Case id'));
    await user.click(screen.getByLabelText('Case id'));
    await user.paste(CASE_ID);
    expect(await within(table).findByText('case.cancel')).toBeInTheDocument();
    expect(queries.some((q) => q.get('case_id') === 'abc')).toBe(false);

    await user.click(screen.getByLabelText('Organisation'));
    await user.click(await screen.findByRole('option', { name: 'Heart Valve Centre Rotterdam (HVC)' }));
    await waitFor(() => expect(queries.at(-1)?.get('organisation_id')).toBe(ORG_ID));
    expect(queries.at(-1)?.get('case_id')).toBe(CASE_ID);
  });

  it('sends the date range as the start of From and the end of To', async () => {
    signInAs({ canEditUsersAndOrganisations: true, hasRole: true });
    renderApp('/audit');
    await screen.findByRole('table', { name: 'Audit events' });
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-02');
    await waitFor(() => expect(queries.at(-1)?.get('until')).toBe(new Date(2026, 10, 3).toISOString()));
    expect(queries.at(-1)?.get('since')).toBe(new Date(2026, 10, 1).toISOString());
  });
});
