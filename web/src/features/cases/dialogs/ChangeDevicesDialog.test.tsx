import { routes } from '@cardiomap/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { caseFixture, evolut, order, portico, sapien, watchman } from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { ChangeDevicesDialog } from './ChangeDevicesDialog.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

const inProgress = order({ id: 'f0000000-0000-4000-8000-0000000000a1', status: 0 });
const delivered = order({ id: 'f0000000-0000-4000-8000-0000000000a2', status: 2 });
const alsoInProgress = order({ id: 'f0000000-0000-4000-8000-0000000000a3', status: 0, service: 1 });

function setUp(orders = [inProgress, delivered, alsoInProgress]) {
  signInAs();
  const puts: { id: string; body: unknown }[] = [];
  server.use(
    ...catalogueHandlers().handlers,
    apiHandler(routes.changeRequestedDevice, async ({ params, request }) => {
      puts.push({ id: String(params.id), body: await request.json() });
      return HttpResponse.json(order({ id: String(params.id) }));
    }),
  );
  const onClose = vi.fn();
  renderInApp(<ChangeDevicesDialog open onClose={onClose} case={caseFixture({ orders })} />);
  return { puts, onClose };
}

const anatomicalOnly = [inProgress, order({ id: 'f0000000-0000-4000-8000-0000000000a4', status: 0 })];

describe('change devices dialog (spec §5 "Change devices")', () => {
  it("offers only the intervention's devices and changes every order in progress", async () => {
    const { puts, onClose } = setUp();
    await user.click(await screen.findByRole('combobox', { name: /^Devices/ }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toContain(evolut.name);
    expect(names).not.toContain(watchman.name);
    // With a simulation ordered, one device only: picking another replaces it.
    await user.click(screen.getByRole('option', { name: evolut.name }));
    await user.click(screen.getByRole('button', { name: 'Change devices' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts.map((p) => p.id)).toEqual([inProgress.id, alsoInProgress.id]);
    expect(puts.map((p) => p.body)).toEqual([
      { deviceIds: [evolut.id], deviceVariantIds: [] },
      { deviceIds: [evolut.id], deviceVariantIds: [] },
    ]);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Successfully changed devices for affected orders');
    expect(onClose).toHaveBeenCalled();
  });

  it('lets a TAVI case without simulation name several devices', async () => {
    const { puts } = setUp(anatomicalOnly);
    await user.click(await screen.findByRole('combobox', { name: /^Devices/ }));
    await user.click(await screen.findByRole('option', { name: portico.name }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Change devices' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[0]?.body).toEqual({ deviceIds: [sapien.id, portico.id], deviceVariantIds: [] });
  });

  it('asks for at least one device', async () => {
    setUp(anatomicalOnly);
    await user.click(await screen.findByRole('combobox', { name: /^Devices/ }));
    await user.click(await screen.findByRole('option', { name: sapien.name }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Choose at least one device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change devices' })).toBeDisabled();
  });

  it('shows why the server refused a change', async () => {
    setUp(anatomicalOnly);
    server.use(
      apiHandler(routes.changeRequestedDevice, () =>
        HttpResponse.json({ deviceIds: ['The Amulet of a delivered LAAO case cannot change.'] }, { status: 400 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Change devices' }));
    expect(await screen.findByText('The Amulet of a delivered LAAO case cannot change.')).toBeInTheDocument();
  });

  it('cannot change anything when no order is in progress', async () => {
    setUp([delivered]);
    expect(await screen.findByText('No analysis of this case is in progress.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change devices' })).toBeDisabled();
  });
});
