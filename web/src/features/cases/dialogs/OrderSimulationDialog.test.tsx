import { routes } from '@cardiomap/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { CASE_ID, caseFixture, evolut, ORG_ID, order, portico, sapien } from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { OrderSimulationDialog } from './OrderSimulationDialog.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

function setUp(answer?: () => Response) {
  signInAs({ canAddOrder: true });
  const catalogue = catalogueHandlers();
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
});
