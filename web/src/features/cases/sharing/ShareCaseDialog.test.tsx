import { type Case, routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { CASE_ID, caseFixture, evolut, sapien } from '../testing/case-fixtures.ts';
import { SHARE_IDENTIFIERS_RULE, ShareCaseDialog } from './ShareCaseDialog.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });

const PENDING_ID = '55555555-5555-4555-8555-555555555555';
const MEMBER_ID = '66666666-6666-4666-8666-666666666666';

/** GET and PUT share and DELETE shared-cases as the server answers them, keeping sharedWith in step. */
function mockSharing(item: Case, refuse: (body: Record<string, string>) => Response | null = () => null) {
  let current = item;
  const bodies: Record<string, string>[] = [];
  const revoked: string[] = [];
  server.use(
    apiHandler(routes.getCase, () => HttpResponse.json(current)),
    apiHandler(routes.shareCase, async ({ request, params }) => {
      expect(params.id).toBe(item.id);
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      const refusal = refuse(body);
      if (refusal) return refusal;
      if (body.email) {
        const invited = {
          id: `77777777-7777-4777-8777-77777777777${bodies.length}`,
          email: body.email,
          isPending: true,
        };
        current = { ...current, sharedWith: [...current.sharedWith, invited] };
      }
      return HttpResponse.json(current);
    }),
    apiHandler(routes.revokeShare, ({ params }) => {
      revoked.push(`${params.caseId}/${params.userId}`);
      current = { ...current, sharedWith: current.sharedWith.filter((p) => p.id !== params.userId) };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { bodies, revoked };
}

async function openDialog(item: Case) {
  signInAs({ canShareCase: true });
  const onClose = vi.fn();
  renderInApp(<ShareCaseDialog item={item} onClose={onClose} />);
  return { onClose, field: await screen.findByRole('textbox', { name: 'E-mail addresses' }) };
}

const chips = () =>
  within(screen.getByRole('dialog'))
    .queryAllByRole('button')
    .filter((b) => b.classList.contains('MuiChip-root'))
    .map((b) => b.textContent);

describe('share dialog (spec §5 "Share", §8)', () => {
  it('turns addresses into chips at a comma or Enter, drops invalid ones, and shares each with one PUT', async () => {
    const item = caseFixture();
    const api = mockSharing(item);
    const { onClose, field } = await openDialog(item);
    await userEvent.click(field);
    await userEvent.paste('Anna@Hospital.org, not-an-address,bob@clinic.nl,');
    expect(chips()).toEqual(['anna@hospital.org', 'bob@clinic.nl']);
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(field).toHaveValue('');
    await userEvent.type(field, 'bob@clinic.nl,');
    expect(chips()).toEqual(['anna@hospital.org', 'bob@clinic.nl']);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Successfully shared case')).toBeInTheDocument();
    expect(api.bodies).toEqual([{ email: 'anna@hospital.org' }, { email: 'bob@clinic.nl' }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('tells the rule of spec §6: identifiers hidden from invitees, who can request them', async () => {
    const item = caseFixture();
    mockSharing(item);
    await openDialog(item);
    expect(screen.getByText(SHARE_IDENTIFIERS_RULE)).toBeInTheDocument();
    expect(screen.queryByText(/without its patient identifiers/)).not.toBeInTheDocument();
  });

  it("drops 'Invalid email address' once a valid address follows the invalid one", async () => {
    const item = caseFixture();
    mockSharing(item);
    const { field } = await openDialog(item);
    await userEvent.type(field, 'not-an-address,');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await userEvent.type(field, 'anna@hospital.org{Enter}');
    expect(chips()).toEqual(['anna@hospital.org']);
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });

  it('shares an address still being typed when Share is pressed', async () => {
    const item = caseFixture();
    const api = mockSharing(item);
    const { field } = await openDialog(item);
    await userEvent.type(field, 'carla@hospital.org');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(api.bodies).toEqual([{ email: 'carla@hospital.org' }]));
  });

  it('shares nothing and says why when the only address is invalid', async () => {
    const item = caseFixture();
    const api = mockSharing(item);
    const { field, onClose } = await openDialog(item);
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
    await userEvent.type(field, 'nobody@');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(api.bodies).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('invites the Field Clinical Specialists of one of the case devices', async () => {
    const item = caseFixture({ devices: [sapien, evolut].map(({ id, name }) => ({ id, name })) });
    const api = mockSharing(item);
    await openDialog(item);
    await userEvent.click(screen.getByRole('combobox', { name: 'Invite Field Clinical Specialists' }));
    await userEvent.click(screen.getByRole('option', { name: 'Evolut PRO+' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Successfully shared case')).toBeInTheDocument();
    expect(api.bodies).toEqual([{ deviceId: evolut.id }]);
  });

  it("keeps a refused address with the server's field message, shares the rest, and shows an error toast", async () => {
    const item = caseFixture();
    const api = mockSharing(item, (body) =>
      body.email === 'me@hospital.org'
        ? HttpResponse.json({ email: ['You cannot share a case with yourself.'] }, { status: 400 })
        : null,
    );
    const { field, onClose } = await openDialog(item);
    await userEvent.type(field, 'me@hospital.org,ok@hospital.org,');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You cannot share a case with yourself.');
    expect(within(screen.getByRole('dialog')).getByText('You cannot share a case with yourself.')).toBeInTheDocument();
    expect(chips()).toEqual(['me@hospital.org']);
    expect(api.bodies).toEqual([{ email: 'me@hospital.org' }, { email: 'ok@hospital.org' }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByText('ok@hospital.org')).toBeInTheDocument();
  });

  it("shows 'Error' on the field and the server's detail as a toast when the failure names no field", async () => {
    const item = caseFixture();
    mockSharing(item, () => HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }));
    const { field } = await openDialog(item);
    await userEvent.type(field, 'x@hospital.org{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Not found.');
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('lists who the case is shared with, marks pending invitations, and revokes access', async () => {
    const item = caseFixture({
      sharedWith: [
        { id: MEMBER_ID, email: 'member@hospital.org', isPending: false },
        { id: PENDING_ID, email: 'invitee@hospital.org', isPending: true },
      ],
    });
    const api = mockSharing(item);
    await openDialog(item);
    const list = screen.getByRole('list', { name: 'Shared with' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const pendingRow = within(list).getByText('invitee@hospital.org').closest('li')!;
    expect(within(pendingRow).getByText('Pending')).toBeInTheDocument();
    const memberRow = within(list).getByText('member@hospital.org').closest('li')!;
    expect(within(memberRow).queryByText('Pending')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing with member@hospital.org' }));
    await waitFor(() => expect(screen.queryByText('member@hospital.org')).not.toBeInTheDocument());
    expect(api.revoked).toEqual([`${CASE_ID}/${MEMBER_ID}`]);
    expect(screen.getByText('invitee@hospital.org')).toBeInTheDocument();
  });

  it('shows an error toast when revoking fails', async () => {
    const item = caseFixture({ sharedWith: [{ id: MEMBER_ID, email: 'member@hospital.org', isPending: false }] });
    mockSharing(item);
    server.use(apiHandler(routes.revokeShare, () => HttpResponse.error()));
    await openDialog(item);
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing with member@hospital.org' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Lost connection to server. Please try again later.');
    expect(screen.getByText('member@hospital.org')).toBeInTheDocument();
  });
});
