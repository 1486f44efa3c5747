import { type OrganisationContacts, routes } from '@cardiomap/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { userInfo } from '../../testing/user-info.ts';

setUpMockApi();

const contacts: OrganisationContacts[] = [
  {
    organisationId: '22222222-2222-4222-8222-222222222222',
    organisationName: 'Heart Valve Centre Rotterdam',
    contacts: [{ name: 'Dr. Philippa Heart', email: 'physician@cardiomap.test', phoneNumber: '+31 10 555 0100' }],
  },
  { organisationId: '33333333-3333-4333-8333-333333333333', organisationName: 'Boston Heart Institute', contacts: [] },
];

describe('contact page (spec §2 contact)', () => {
  it("shows a signed-in user their organisations' contacts", async () => {
    tokenStore.save({ access: 'access', refresh: 'refresh' });
    server.use(
      apiHandler(routes.userInfo, () => HttpResponse.json(userInfo())),
      apiHandler(routes.organisationContacts, () => HttpResponse.json(contacts)),
    );
    renderApp('/contact');
    const hvc = await screen.findByRole('region', { name: 'Heart Valve Centre Rotterdam' });
    expect(within(hvc).getByText('Dr. Philippa Heart')).toBeInTheDocument();
    expect(within(hvc).getByRole('link', { name: 'physician@cardiomap.test' })).toHaveAttribute(
      'href',
      'mailto:physician@cardiomap.test',
    );
    expect(within(hvc).getByText(/\+31 10 555 0100/)).toBeInTheDocument();
    const bhi = screen.getByRole('region', { name: 'Boston Heart Institute' });
    expect(within(bhi).getByText('Your organisation has not named a contact person yet.')).toBeInTheDocument();
  });

  it('shows the support address to visitors without asking for contacts', async () => {
    let asked = false;
    server.use(
      apiHandler(routes.organisationContacts, () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@cardiomap.test' })).toBeInTheDocument();
    expect(screen.queryByTestId('organisation-contacts')).toBeNull();
    expect(asked).toBe(false);
  });
});
