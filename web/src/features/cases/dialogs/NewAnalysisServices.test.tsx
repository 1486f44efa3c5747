import { type CreateCase, type Device, routes } from '@cardiomap/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { allDevices, caseFixture, evolut, sapien, watchman } from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { NewAnalysisDialog } from './NewAnalysisDialog.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });

const L = (name: string) => new RegExp(`^${name}( \\*)?$`);
const user = userEvent.setup();
const clinical = (...services: number[]) => services.map((service) => ({ service, isClinical: true }));
/** SAPIEN licensed for every simulation; WATCHMAN for the legacy one (the demo licence's shape). */
const sapienAll: Device = { ...sapien, services: clinical(0, 1, 2, 3) };
const watchmanLegacy: Device = { ...watchman, services: clinical(0, 1, 2) };
const devices = allDevices.map((d) => (d.id === sapien.id ? sapienAll : d.id === watchman.id ? watchmanLegacy : d));

function setUp(catalogue: Device[] = devices) {
  signInAs({ canAccessCaseDetails: true });
  const posted: CreateCase[] = [];
  server.use(
    ...catalogueHandlers({ devices: catalogue }).handlers,
    apiHandler(routes.createCase, async ({ request }) => {
      posted.push((await request.json()) as CreateCase);
      return HttpResponse.json(caseFixture(), { status: 201 });
    }),
  );
  renderInApp(<NewAnalysisDialog open onClose={vi.fn()} />);
  return posted;
}

async function choose(label: RegExp, option: RegExp | string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillPatient() {
  await user.type(screen.getByRole('textbox', { name: L('Patient identifier') }), 'PAT-001');
  await choose(L('Sex'), 'M');
  await user.type(screen.getByRole('spinbutton', { name: L('Age') }), '79');
  const input = screen.getByLabelText(L('Expected delivery date'), { selector: 'input' });
  fireEvent.change(input, { target: { value: '2099-03-02' } });
  fireEvent.blur(input);
}

const radios = () => screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
const submit = () => screen.getByRole('button', { name: 'Request analysis' });

describe('new analysis form: legacy simulation and redo TAVI (architecture.md §13)', () => {
  it.each([
    ['Anatomical analysis and legacy simulation', 2],
    ['Anatomical analysis and redo TAVI', 3],
  ])('orders "%s" for the first device beside its anatomy', async (label, service) => {
    const posted = setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await user.click(screen.getByRole('radio', { name: label }));
    await user.click(await screen.findByRole('combobox', { name: L('Sizes') }));
    await user.click(await screen.findByRole('option', { name: 'SAPIEN 3 23' }));
    await user.keyboard('{Escape}');
    await fillPatient();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(posted).toHaveLength(1));
    const variantId = sapien.variants[1]?.id;
    expect(posted[0]?.orders).toEqual([
      { service: 0, deviceIds: [sapien.id], deviceVariantIds: [variantId] },
      { service, deviceIds: [sapien.id], deviceVariantIds: [variantId] },
    ]);
  });

  it('offers a redo TAVI only for TAVI, and each only where a device of the intervention is licensed', async () => {
    setUp();
    await choose(L('Intervention'), /TAVI/);
    expect(radios()).toEqual([
      'Anatomical analysis only',
      'Anatomical analysis and simulation',
      'Anatomical analysis and legacy simulation',
      'Anatomical analysis and redo TAVI',
    ]);
    await choose(L('Intervention'), /LAAO/);
    expect(radios()).toEqual([
      'Anatomical analysis only',
      'Anatomical analysis and simulation',
      'Anatomical analysis and legacy simulation',
    ]);
  });

  it('lists neither without a licence for them', async () => {
    setUp(allDevices);
    await choose(L('Intervention'), /TAVI/);
    expect(radios()).toEqual(['Anatomical analysis only', 'Anatomical analysis and simulation']);
  });

  it('disables a choice the selected device is not licensed for, and falls back to anatomy only', async () => {
    setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await user.click(screen.getByRole('radio', { name: 'Anatomical analysis and redo TAVI' }));
    await choose(L('Device'), evolut.name);
    expect(screen.getByRole('radio', { name: 'Anatomical analysis and redo TAVI' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Anatomical analysis only' })).toBeChecked();
  });

  it('shows the server’s refusal of the service on the form', async () => {
    const posted = setUp();
    server.use(
      apiHandler(routes.createCase, () =>
        HttpResponse.json(
          { orders: { 1: { service: ['A redo TAVI can be ordered only for a TAVI case.'] } } },
          { status: 400 },
        ),
      ),
    );
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await user.click(screen.getByRole('radio', { name: 'Anatomical analysis and redo TAVI' }));
    await fillPatient();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('A redo TAVI can be ordered only for a TAVI case.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });
});
