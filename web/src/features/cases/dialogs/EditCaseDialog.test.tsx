import { type PatchCase, routes } from '@cardiomap/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { patientIdentifiers } from '../../auth/index.ts';
import { caseFixture } from '../testing/case-fixtures.ts';
import { toWire } from './date-fields.ts';
import { EditCaseDialog } from './EditCaseDialog.tsx';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();
const DELIVERY = toWire('2099-04-01', '09:00');

function setUp(answer?: () => Response) {
  signInAs();
  const patched: PatchCase[] = [];
  server.use(
    apiHandler(routes.patchCase, async ({ request }) => {
      patched.push((await request.json()) as PatchCase);
      return answer ? answer() : HttpResponse.json(caseFixture());
    }),
  );
  const onClose = vi.fn();
  renderInApp(<EditCaseDialog open onClose={onClose} case={caseFixture({ expectedDeliveryDatetime: DELIVERY })} />);
  return { patched, onClose };
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('edit case dialog (spec §5 "Edit case")', () => {
  it('starts from the case, patches it and says so', async () => {
    const { patched, onClose } = setUp();
    const age = await screen.findByRole('spinbutton', { name: /^Age/ });
    expect(age).toHaveValue(81);
    expect(screen.getByRole('textbox', { name: /^Patient identifier/ })).toHaveValue('PAT-123');
    await user.clear(age);
    await user.type(age, '82');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toEqual({
      patientInformation: { identifier: 'PAT-123', sex: 'F', age: 82 },
      physicianComment: 'Porcelain aorta',
      isProspective: true,
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Case edited successfully');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes untouched at once, but asks before Escape or Cancel throws an edit away (issue 30 item 9)', async () => {
    const { onClose } = setUp();
    const age = await screen.findByRole('spinbutton', { name: /^Age/ });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.clear(age);
    await user.type(age, '82');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(age).toHaveValue(82);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps identifiers hidden in this session hidden, and saves the case without changing them', async () => {
    const { patched } = setUp();
    patientIdentifiers.hideAll();
    try {
      expect(await screen.findByText(/Patient information is hidden in this session/)).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /^Patient identifier/ })).not.toBeInTheDocument();
      expect(screen.queryByText('PAT-123')).not.toBeInTheDocument();
      await user.click(screen.getByRole('switch', { name: /Prospective|Retrospective/ }));
      await waitFor(() => expect(save()).toBeEnabled());
      await user.click(save());
      await waitFor(() => expect(patched).toHaveLength(1));
      expect(patched[0]?.patientInformation?.identifier ?? 'PAT-123').toBe('PAT-123');
    } finally {
      patientIdentifiers.reset();
    }
  });

  it('marks the case as research when switched, and only then sends the flag (issue 30 #4)', async () => {
    const { patched } = setUp();
    const research = await screen.findByRole('switch', { name: 'Clinical case' });
    expect(research).not.toBeChecked();
    await user.click(research);
    expect(screen.getByRole('switch', { name: 'Research case' })).toBeChecked();
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]?.isResearch).toBe(true);
  });

  it('sends the dates that were edited, in the local offset, with their hour', async () => {
    const { patched } = setUp();
    const delivery = await screen.findByLabelText(/^Expected delivery date( \*)?$/, { selector: 'input' });
    fireEvent.change(delivery, { target: { value: '2099-05-06' } });
    fireEvent.blur(delivery);
    await user.click(screen.getByRole('combobox', { name: /^Expected delivery date time/ }));
    await user.click(await screen.findByRole('option', { name: '15:00' }));
    fireEvent.change(screen.getByLabelText('Imaging date', { selector: 'input' }), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]?.expectedDeliveryDatetime).toBe(toWire('2099-05-06', '15:00'));
    expect(patched[0]?.imagingDate).toBe(toWire('2026-11-01', '12:00'));
    expect(patched[0]).not.toHaveProperty('interventionDatetime');
  });

  it('requires the identifier and the expected delivery date, and refuses a negative age', async () => {
    setUp();
    const identifier = await screen.findByRole('textbox', { name: /^Patient identifier/ });
    await user.clear(identifier);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    const age = screen.getByRole('spinbutton', { name: /^Age/ });
    await user.clear(age);
    await user.type(age, '-1');
    expect(await screen.findByText('This field cannot be negative')).toBeInTheDocument();
    const delivery = screen.getByLabelText(/^Expected delivery date( \*)?$/, { selector: 'input' });
    fireEvent.change(delivery, { target: { value: '' } });
    fireEvent.blur(delivery);
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
    expect(save()).toBeDisabled();
  });

  it('puts server field errors on their fields', async () => {
    setUp(() =>
      HttpResponse.json(
        { patientInformation: { identifier: ['Already used in this organisation.'] } },
        { status: 400 },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Patient identifier/ })).toHaveAccessibleDescription(
        'Already used in this organisation.',
      ),
    );
  });
});
