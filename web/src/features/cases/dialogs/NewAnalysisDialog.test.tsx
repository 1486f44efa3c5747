import { type CreateCase, routes } from '@cardiomap/contract';
import { DELIVERY_TOO_SOON_WARNING } from '@cardiomap/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import {
  acurate,
  CASE_ID,
  caseFixture,
  colleague,
  evolut,
  laao,
  ORG_ID,
  OTHER_ORG_ID,
  portico,
  sapien,
  tavi,
  training,
  unlicensed,
} from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { DISCARD_REQUEST_TEXT } from './DiscardRequestDialog.tsx';
import { localDay, toWire } from './date-fields.ts';
import { NewAnalysisDialog } from './NewAnalysisDialog.tsx';

setUpMockApi();
// Whole-dialog tests with many MUI selects take seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/** An accessible name exactly, with or without the required asterisk. */
const L = (name: string) => new RegExp(`^${name}( \\*)?$`);
const FAR_DAY = '2099-03-02';
const DAY = 86_400_000;
const user = userEvent.setup();

function setUp(options: Parameters<typeof catalogueHandlers>[0] = {}, flags: Parameters<typeof signInAs>[0] = {}) {
  signInAs({ canAccessCaseDetails: true, ...flags });
  const catalogue = catalogueHandlers(options);
  const posted: CreateCase[] = [];
  server.use(
    ...catalogue.handlers,
    apiHandler(routes.createCase, async ({ request }) => {
      posted.push((await request.json()) as CreateCase);
      return HttpResponse.json(caseFixture(), { status: 201 });
    }),
  );
  const onClose = vi.fn();
  const view = renderInApp(<NewAnalysisDialog open onClose={onClose} />);
  return { ...view, posted, onClose, requests: catalogue.requests };
}

async function choose(label: RegExp, option: RegExp | string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseMany(label: RegExp, options: string[]) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  for (const option of options) await user.click(await screen.findByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

const setDate = (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

async function fillPatient() {
  await user.type(screen.getByRole('textbox', { name: L('Patient identifier') }), 'PAT-001');
  await choose(L('Sex'), 'M');
  await user.type(screen.getByRole('spinbutton', { name: L('Age') }), '79');
  setDate(L('Expected delivery date'), FAR_DAY);
}

const submitButton = () => screen.getByRole('button', { name: 'Request analysis' });

describe('new analysis dialog (spec §5 "New analysis form")', () => {
  it('closes an untouched form at Escape, but asks before Escape, Cancel or a click outside discards input', async () => {
    const untouched = setUp();
    await screen.findByRole('textbox', { name: L('Patient identifier') });
    await user.keyboard('{Escape}');
    expect(untouched.onClose).toHaveBeenCalledTimes(1);
    untouched.unmount();

    const { onClose } = setUp();
    const identifier = await screen.findByRole('textbox', { name: L('Patient identifier') });
    await user.type(identifier, 'PAT-777');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard this request?' });
    expect(ask).toHaveTextContent(DISCARD_REQUEST_TEXT);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard this request?' })).not.toBeInTheDocument(),
    );
    expect(identifier).toHaveValue('PAT-777');
    // Cancel asks the same.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard this request?' })).getByRole('button', {
        name: 'Keep editing',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard this request?' })).not.toBeInTheDocument(),
    );
    expect(onClose).not.toHaveBeenCalled();
    // A click on the backdrop asks the same.
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    const again = await screen.findByRole('dialog', { name: 'Discard this request?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends the case with default times 07:00 and 08:00, then navigates to the new case', async () => {
    const { posted, onClose, requests } = setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await fillPatient();
    setDate(L('Intervention date'), FAR_DAY);
    await user.type(screen.getByRole('textbox', { name: 'Physician comment' }), 'Bicuspid');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      organisationId: ORG_ID,
      patientInformation: { identifier: 'PAT-001', sex: 'M', age: 79 },
      physicianComment: 'Bicuspid',
      isProspective: true,
      imagingDate: null,
      interventionDatetime: toWire(FAR_DAY, '08:00'),
      expectedDeliveryDatetime: toWire(FAR_DAY, '07:00'),
      orders: [{ service: 0, deviceIds: [sapien.id], deviceVariantIds: [] }],
    });
    expect(posted[0]).not.toHaveProperty('caseResponsibleId');
    expect(requests.devicesQueries[0]?.get('organisation_id')).toBe(ORG_ID);
    expect(requests.leadTimeOffsets).toContain('2');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(`/case-detail/${CASE_ID}`);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('toast')).toHaveTextContent('Analysis requested: HVC-TAVI-00042');
  });

  it('offers only licensed devices of the intervention and hourly times from 00:00 to 23:00', async () => {
    setUp();
    // No device before an intervention is chosen.
    expect(await screen.findByRole('combobox', { name: L('Device') })).toHaveAttribute('aria-disabled', 'true');
    await choose(L('Intervention'), /TAVI/);
    await user.click(screen.getByRole('combobox', { name: L('Device') }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual([sapien.name, evolut.name, acurate.name, portico.name]);
    expect(names).not.toContain(unlicensed.name);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: L('Expected delivery date time') }));
    const times = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(times).toHaveLength(24);
    expect(times[0]).toBe('00:00');
    expect(times[23]).toBe('23:00');
  });

  it('sends only the first device for a simulation, together with its anatomical analysis', async () => {
    const { posted } = setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await chooseMany(L('Extra devices'), [portico.name]);
    // Spec §5: the device select is disabled while anatomical-only with extra devices is chosen.
    expect(screen.getByRole('combobox', { name: L('Device') })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('radio', { name: 'Anatomical analysis and simulation' }));
    expect(screen.queryByRole('combobox', { name: L('Extra devices') })).not.toBeInTheDocument();
    await chooseMany(L('Sizes'), ['SAPIEN 3 23']);
    await fillPatient();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    const variantId = sapien.variants[1]?.id;
    expect(posted[0]?.orders).toEqual([
      { service: 0, deviceIds: [sapien.id], deviceVariantIds: [variantId] },
      { service: 1, deviceIds: [sapien.id], deviceVariantIds: [variantId] },
    ]);
  });

  it('sends extra devices for an anatomical-only TAVI analysis', async () => {
    const { posted } = setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await chooseMany(L('Extra devices'), [evolut.name]);
    await fillPatient();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.orders).toEqual([{ service: 0, deviceIds: [sapien.id, evolut.id], deviceVariantIds: [] }]);
  });

  it('forces anatomical-only when the licence does not allow simulation for the device', async () => {
    setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await user.click(screen.getByRole('radio', { name: 'Anatomical analysis and simulation' }));
    await choose(L('Device'), evolut.name);
    expect(screen.getByRole('radio', { name: 'Anatomical analysis and simulation' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Anatomical analysis only' })).toBeChecked();
  });

  it('warns when the selected device is licensed non-clinically only', async () => {
    setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    expect(screen.queryByText('Analyses for selected device(s) will be non-clinical only.')).not.toBeInTheDocument();
    await choose(L('Device'), acurate.name);
    expect(screen.getByText('Analyses for selected device(s) will be non-clinical only.')).toBeInTheDocument();
  });

  it("limits the sizes to the intervention's variantLimit", async () => {
    setUp();
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await fillPatient();
    await chooseMany(L('Sizes'), ['SAPIEN 3 20', 'SAPIEN 3 23', 'SAPIEN 3 26']);
    expect(await screen.findByText('This field is limited to 2 choices.')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('requires the patient fields and refuses a negative age', async () => {
    setUp();
    await choose(L('Intervention'), /TAVI/);
    const identifier = screen.getByRole('textbox', { name: L('Patient identifier') });
    await user.click(identifier);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: L('Age') }), '-3');
    await user.tab();
    expect(await screen.findByText('This field cannot be negative')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('bounds the intervention date by today: not before when prospective, not after when retrospective', async () => {
    setUp();
    await screen.findByRole('combobox', { name: L('Intervention') });
    const yesterday = localDay(new Date(Date.now() - DAY));
    const tomorrow = localDay(new Date(Date.now() + DAY));
    setDate(L('Intervention date'), yesterday);
    expect(await screen.findByText('The date cannot be in the past.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Prospective'));
    expect(screen.getByLabelText('Retrospective')).not.toBeChecked();
    await waitFor(() => expect(screen.queryByText('The date cannot be in the past.')).not.toBeInTheDocument());
    setDate(L('Intervention date'), tomorrow);
    expect(await screen.findByText('The date cannot be in the future.')).toBeInTheDocument();
    setDate(L('Expected delivery date'), yesterday);
    expect(await screen.findByText('The date cannot be in the past.')).toBeInTheDocument();
  });

  it('warns when the expected delivery is inside the lead time (offset 1 for LAAO)', async () => {
    const { requests } = setUp({ leadTime: new Date(Date.now() + 3 * DAY).toISOString() });
    await choose(L('Intervention'), /LAAO/);
    setDate(L('Expected delivery date'), localDay(new Date(Date.now() + 2 * DAY)));
    expect(await screen.findByText(DELIVERY_TOO_SOON_WARNING)).toBeInTheDocument();
    expect(requests.leadTimeOffsets).toEqual(['1']);
    setDate(L('Expected delivery date'), FAR_DAY);
    await waitFor(() => expect(screen.queryByText(DELIVERY_TOO_SOON_WARNING)).not.toBeInTheDocument());
  });

  it('shows the licence message and keeps submit disabled without a licence', async () => {
    setUp({ devices: [{ ...sapien, services: [] }] });
    expect(
      await screen.findByText('A license is required to request an analysis. To acquire a license, please contact us.'),
    ).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('disables submit while a required training of the intervention is pending', async () => {
    setUp({ trainings: [training({ userFollowedTraining: false })] });
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await fillPatient();
    expect(await screen.findByText(/Complete the .* training before requesting an analysis/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to training' })).toHaveAttribute('href', '/training/TAVI');
    await waitFor(() => expect(screen.getByRole('textbox', { name: L('Patient identifier') })).toHaveValue('PAT-001'));
    expect(submitButton()).toBeDisabled();
  });

  it('lets a user who may skip training submit despite a pending training', async () => {
    setUp({ trainings: [training({ userFollowedTraining: false })] }, { permissions: ['trainings.skip_training'] });
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await fillPatient();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.queryByText(/training before requesting/)).not.toBeInTheDocument();
  });

  it('requires a case responsible only from users who may assign one, and sends the choice', async () => {
    const { posted, requests } = setUp({}, { canAssignCaseResponsible: true });
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await fillPatient();
    const responsible = screen.getByRole('combobox', { name: L('Case responsible') });
    expect(responsible).toHaveAttribute('placeholder', 'Start typing to search a user');
    expect(submitButton()).toBeDisabled();
    await user.type(responsible, 'cora');
    const option = await screen.findByRole('option', { name: /Cora Valve/ });
    expect(within(option).getByText(colleague.email)).toBeInTheDocument();
    await user.click(option);
    expect(requests.userQueries.at(-1)?.get('organisation_id')).toBe(ORG_ID);
    expect(requests.userQueries.at(-1)?.get('name_email_or_title')).toBe('cora');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.caseResponsibleId).toBe(colleague.id);
  });

  it('does not show the case responsible to users who may not assign one', async () => {
    setUp();
    await screen.findByRole('combobox', { name: L('Intervention') });
    expect(screen.queryByRole('combobox', { name: L('Case responsible') })).not.toBeInTheDocument();
  });

  it('maps server errors: nonFieldErrors as alerts, device errors on the device select, fields on fields', async () => {
    setUp();
    server.use(
      apiHandler(routes.createCase, () =>
        HttpResponse.json(
          {
            nonFieldErrors: ['The trial licence allows no more cases.'],
            orders: { '0': { deviceIds: ['This device is not licensed.'] } },
            patientInformation: { identifier: ['Ensure this field has no more than 100 characters.'] },
          },
          { status: 400 },
        ),
      ),
    );
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await fillPatient();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    expect(await screen.findByText('The trial licence allows no more cases.')).toBeInTheDocument();
    const device = screen.getByRole('combobox', { name: L('Device') });
    expect(device).toHaveAccessibleDescription('This device is not licensed.');
    expect(screen.getByRole('textbox', { name: L('Patient identifier') })).toHaveAccessibleDescription(
      'Ensure this field has no more than 100 characters.',
    );
  });

  it("lets users with several organisations choose one, and loads that organisation's licences", async () => {
    const { posted, requests } = setUp(
      {},
      {
        hasManyOrgs: true,
        organisationIds: [ORG_ID, OTHER_ORG_ID],
        organisations: [
          { id: ORG_ID, name: 'Heart Valve Centre Rotterdam', code: 'HVC' },
          { id: OTHER_ORG_ID, name: 'Boston Heart Institute', code: 'BHI' },
        ],
      },
    );
    await choose(L('Organisation'), 'Boston Heart Institute');
    await waitFor(() => expect(requests.devicesQueries.at(-1)?.get('organisation_id')).toBe(OTHER_ORG_ID));
    await choose(L('Intervention'), /TAVI/);
    await choose(L('Device'), 'SAPIEN 3');
    await fillPatient();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.organisationId).toBe(OTHER_ORG_ID);
  });

  it('shows no organisation choice to users of one organisation', async () => {
    setUp();
    await screen.findByRole('combobox', { name: L('Intervention') });
    expect(screen.queryByRole('combobox', { name: L('Organisation') })).not.toBeInTheDocument();
  });

  it('is not offered for LAAO with extra devices', async () => {
    setUp();
    await choose(L('Intervention'), /LAAO/);
    await choose(L('Device'), 'WATCHMAN FLX');
    expect(screen.queryByRole('combobox', { name: L('Extra devices') })).not.toBeInTheDocument();
    expect(laao.prefix).toBe('LAAO');
    expect(tavi.variantLimit).toBe(2);
  });
});
