import { type Device, routes, Service } from '@cardiomap/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import {
  allDevices,
  CASE_ID,
  caseFixture,
  evolut,
  laao,
  ORG_ID,
  order,
  portico,
  sapien,
  watchman,
} from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { OrderSimulationDialog, orderableSimulations } from './OrderSimulationDialog.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

function setUp(answer?: () => Response, devices?: Device[]) {
  signInAs({ canAddOrder: true });
  const catalogue = catalogueHandlers(devices ? { devices } : {});
  const posted: unknown[] = [];
  server.use(
    ...catalogue.handlers,
    apiHandler(routes.createOrder, async ({ request }) => {
      posted.push(await request.json());
      return answer ? answer() : HttpResponse.json(order({ service: 1, isInitial: false }), { status: 201 });
    }),
  );
  const onClose = vi.fn();
  renderInApp(<OrderSimulationDialog open onClose={onClose} case={caseFixture()} />);
  return { posted, onClose, requests: catalogue.requests };
}

async function orderSapien() {
  await user.click(await screen.findByRole('combobox', { name: /^Device/ }));
  await user.click(await screen.findByRole('option', { name: sapien.name }));
  await user.click(screen.getByRole('combobox', { name: 'Sizes' }));
  await user.click(await screen.findByRole('option', { name: '26' }));
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Order simulation' }));
}

describe('order simulation dialog', () => {
  it("offers only the case's intervention's devices licensed for simulation and posts one device", async () => {
    const { posted, onClose, requests } = setUp();
    await user.click(await screen.findByRole('combobox', { name: /^Device/ }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual([sapien.name, portico.name]);
    expect(names).not.toContain(evolut.name);
    await user.keyboard('{Escape}');
    expect(requests.devicesQueries[0]?.get('organisation_id')).toBe(ORG_ID);
    await orderSapien();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      caseId: CASE_ID,
      service: 1,
      deviceIds: [sapien.id],
      deviceVariantIds: [sapien.variants[2]?.id],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId('toast')).toHaveTextContent('Simulation ordered');
  });

  it('shows every message of a refused order', async () => {
    const { onClose } = setUp(() =>
      HttpResponse.json(
        { nonFieldErrors: ['A simulation is already in progress.'], deviceIds: ['Not licensed for simulation.'] },
        { status: 400 },
      ),
    );
    await orderSapien();
    expect(await screen.findByText('A simulation is already in progress.')).toBeInTheDocument();
    expect(screen.getByText('Not licensed for simulation.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('requires a device before ordering', async () => {
    setUp();
    expect(await screen.findByRole('button', { name: 'Order simulation' })).toBeDisabled();
  });

  it('orders a legacy simulation or a redo TAVI where a device is licensed for it (spec §1)', async () => {
    const everything = { ...sapien, services: [0, 1, 2, 3].map((service) => ({ service, isClinical: true })) };
    const { posted } = setUp(
      () => HttpResponse.json(order({ service: Service.REDO_TAVI, isInitial: false }), { status: 201 }),
      [everything, evolut, portico],
    );
    const analysis = await screen.findByRole('radiogroup', { name: 'Analysis' });
    expect(screen.getByRole('radio', { name: 'Simulation' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Redo TAVI' }));
    await user.click(await screen.findByRole('combobox', { name: /^Device/ }));
    // Portico is licensed for simulation only.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([sapien.name]);
    await user.click(screen.getByRole('option', { name: sapien.name }));
    await user.click(screen.getByRole('button', { name: 'Order simulation' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ service: Service.REDO_TAVI, deviceIds: [sapien.id] });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Redo TAVI ordered');
    expect(analysis).toBeInTheDocument();
  });

  it('offers a redo TAVI on TAVI cases only, and only the services some device is licensed for', () => {
    const legacyWatchman = { ...watchman, services: [0, 1, 2].map((service) => ({ service, isClinical: true })) };
    const laaoCase = caseFixture({
      interventionId: laao.id,
      intervention: { ...caseFixture().intervention, id: laao.id, prefix: 'LAAO' },
    });
    expect(orderableSimulations(laaoCase, [legacyWatchman]).map((o) => o.service)).toEqual([1, 2]);
    const redoOnly = { ...sapien, services: [0, 3].map((service) => ({ service, isClinical: true })) };
    expect(orderableSimulations(caseFixture(), [...allDevices, redoOnly]).map((o) => o.service)).toEqual([1, 3]);
    expect(orderableSimulations(caseFixture(), allDevices).map((o) => o.service)).toEqual([1]);
  });
});
