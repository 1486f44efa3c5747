import { type DeviceAccessGroup, type LicensedDevice, routes, type TrialLicense } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { userInfo } from '../../testing/user-info.ts';
import { organisation } from '../admin/testing/admin-fixtures.ts';

setUpMockApi();

const ORG = '22222222-2222-4222-8222-222222222222';
const DEVICE = '55555555-5555-4555-8555-555555555555';
const TRIAL = '66666666-6666-4666-8666-666666666666';
const INTERVENTION = '44444444-4444-4444-8444-444444444444';

const licence = (overrides: Partial<LicensedDevice> = {}): LicensedDevice => ({
  id: '77777777-7777-4777-8777-777777777777',
  organisationId: ORG,
  deviceId: DEVICE,
  deviceName: 'Evolut FX+',
  interventionPrefix: 'TAVI',
  trialId: null,
  deviceAccessGroupId: null,
  services: [
    { service: 0, isClinical: true },
    { service: 1, isClinical: false },
  ],
  ...overrides,
});
const trial: TrialLicense = {
  id: TRIAL,
  organisationId: ORG,
  limit: 3,
  numberOfCases: 1,
  dateCreated: '2026-01-01T00:00:00Z',
};
const template: DeviceAccessGroup = {
  id: '88888888-8888-4888-8888-888888888888',
  name: 'Starter',
  devices: [],
  isSubscribed: false,
};

function mockApi(options: { licences?: LicensedDevice[]; trials?: TrialLicense[]; groups?: DeviceAccessGroup[] } = {}) {
  const posted: { url: string; body: unknown }[] = [];
  server.use(
    apiHandler(routes.deviceAccesses, () => HttpResponse.json({ results: options.licences ?? [licence()] })),
    apiHandler(routes.trialLicenses, () => HttpResponse.json({ results: options.trials ?? [trial] })),
    apiHandler(routes.deviceAccessGroups, () => HttpResponse.json({ results: options.groups ?? [template] })),
    apiHandler(routes.interventions, () =>
      HttpResponse.json({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: INTERVENTION,
            name: 'TAVI',
            prefix: 'TAVI',
            variantLimit: 2,
            trainingRequired: false,
            deviceIds: [DEVICE],
          },
        ],
      }),
    ),
    apiHandler(routes.devices, () =>
      HttpResponse.json({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: DEVICE,
            name: 'Evolut FX+',
            manufacturer: '',
            interventionId: INTERVENTION,
            variants: [],
            services: [],
          },
        ],
      }),
    ),
    apiHandler(routes.createLicensedDevice, async ({ request }) => {
      posted.push({ url: 'licensed-devices', body: await request.json() });
      return HttpResponse.json(licence(), { status: 201 });
    }),
    apiHandler(routes.createTrialLicense, async ({ request }) => {
      const body = (await request.json()) as { limit: number };
      posted.push({ url: 'trial-licenses', body });
      if (body.limit > 50) return HttpResponse.json({ limit: ['Ensure this value is at most 50.'] }, { status: 400 });
      return HttpResponse.json(trial, { status: 201 });
    }),
    apiHandler(routes.subscribeDeviceAccessGroup, async ({ request, params }) => {
      posted.push({ url: `subscribe/${params.id}`, body: await request.json() });
      return HttpResponse.json({ ...template, isSubscribed: true });
    }),
  );
  return posted;
}

function signedIn(flags: Partial<ReturnType<typeof userInfo>> = {}) {
  tokenStore.save({ access: 'access', refresh: 'refresh' });
  server.use(apiHandler(routes.userInfo, () => HttpResponse.json(userInfo(flags))));
}

describe('Licenses page (spec §2 "Licenses")', () => {
  it('shows licence cards with clinical and non-clinical services, trials with used/limit, read-only for a physician', async () => {
    signedIn();
    mockApi();
    renderApp('/licenses');
    const card = await screen.findByTestId('licence-card');
    expect(within(card).getByText('Evolut FX+')).toBeInTheDocument();
    expect(within(card).getByText('Anatomical analysis · Clinical')).toBeInTheDocument();
    expect(within(card).getByText('Simulation · Non-clinical')).toBeInTheDocument();
    expect(screen.getByTestId('trial-usage')).toHaveTextContent('1/3 cases used');
    expect(screen.getByText('Not subscribed to any license template.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Device' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add license' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('searches organisations by name or code on organisations/ for a user who sees them all', async () => {
    signedIn({ canViewAllOrganisations: true });
    mockApi();
    const searches: string[] = [];
    const boston = organisation({
      id: '33333333-3333-4333-8333-333333333333',
      code: 'BHI',
      name: 'Boston Heart Institute',
    });
    server.use(
      apiHandler(routes.listOrganisations, ({ request }) => {
        const url = new URL(request.url);
        searches.push(url.search);
        const code = url.searchParams.get('code__icontains');
        const name = url.searchParams.get('name__icontains') ?? '';
        const found = code ? (boston.code.includes(code) ? [boston] : []) : boston.name.includes(name) ? [boston] : [];
        return HttpResponse.json({ count: found.length, next: null, previous: null, results: found });
      }),
    );
    renderApp('/licenses');
    await screen.findByTestId('licence-card');
    const picker = screen.getByRole('combobox', { name: 'Organisation' });
    await userEvent.clear(picker);
    await userEvent.type(picker, 'BH');
    await userEvent.click(await screen.findByRole('option', { name: 'Boston Heart Institute' }, { timeout: 3000 }));
    expect(searches).toContain('?page=1&page_size=15&code__icontains=BH');
    expect(searches).toContain('?page=1&page_size=15&name__icontains=BH');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Boston Heart Institute'),
    );
    await userEvent.clear(picker);
    await userEvent.type(picker, 'Nowhere Clinic');
    expect(await screen.findByText('No organisations found', {}, { timeout: 3000 })).toBeInTheDocument();
  }, 30_000);

  it('says so when the organisation holds no licence', async () => {
    signedIn();
    mockApi({ licences: [], trials: [], groups: [] });
    renderApp('/licenses');
    expect(await screen.findByText('This organisation holds no device license.')).toBeInTheDocument();
    expect(screen.getByText('No trial license.')).toBeInTheDocument();
  });

  it('offers a retry when the licences cannot be loaded', async () => {
    signedIn();
    mockApi();
    server.use(
      apiHandler(routes.deviceAccesses, () =>
        HttpResponse.json({ detail: 'boom', code: 'server_error' }, { status: 500 }),
      ),
    );
    renderApp('/licenses');
    expect(await screen.findByText('The licenses could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('lets a licence manager add a non-clinical device, with the warning', async () => {
    signedIn({ canEditLicense: true, canSubscibeToTemplate: true });
    const posted = mockApi();
    const user = userEvent.setup();
    renderApp('/licenses');
    await user.click(await screen.findByRole('button', { name: 'Add Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Device' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Device/ }));
    await user.click(await screen.findByRole('option', { name: 'TAVI · Evolut FX+' }));
    expect(within(dialog).queryByTestId('non-clinical-warning')).not.toBeInTheDocument();
    const [anatomicalClinical] = within(dialog).getAllByRole('switch');
    await user.click(anatomicalClinical as HTMLElement);
    expect(within(dialog).getByTestId('non-clinical-warning')).toHaveTextContent(
      'Analyses for this device will be non-clinical only.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted[0]).toBeDefined());
    expect(posted[0]).toEqual({
      url: 'licensed-devices',
      body: { organisationId: ORG, deviceId: DEVICE, trialId: null, services: [{ service: 0, isClinical: false }] },
    });
    expect(await screen.findByText('Device successfully added')).toBeInTheDocument();
  }, 15000);

  it('licenses a legacy simulation and a redo TAVI beside the anatomical analysis (spec §1)', async () => {
    signedIn({ canEditLicense: true, canSubscibeToTemplate: true });
    const posted = mockApi();
    const user = userEvent.setup();
    renderApp('/licenses');
    await user.click(await screen.findByRole('button', { name: 'Add Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Device' });
    await user.click(within(dialog).getByRole('combobox', { name: /Device/ }));
    await user.click(await screen.findByRole('option', { name: 'TAVI · Evolut FX+' }));
    expect(within(dialog).getByRole('switch', { name: 'Redo TAVI clinical' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Legacy simulation' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Redo TAVI' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Redo TAVI clinical' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted[0]).toBeDefined());
    expect(posted[0]?.body).toMatchObject({
      services: [
        { service: 0, isClinical: true },
        { service: 2, isClinical: true },
        { service: 3, isClinical: false },
      ],
    });
  }, 15000);

  it('lets a licence manager add a trial licence of at least one case', async () => {
    signedIn({ canEditLicense: true });
    const posted = mockApi();
    const user = userEvent.setup();
    renderApp('/licenses');
    await user.click(await screen.findByRole('button', { name: 'Add license' }));
    const trialDialog = await screen.findByRole('dialog', { name: 'Add trial license' });
    const limit = within(trialDialog).getByRole('spinbutton', { name: /Case limit/ });
    expect(limit).toHaveValue(3);
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(within(trialDialog).getByRole('button', { name: 'Add' }));
    expect(within(trialDialog).getByText('It should allow for at least one case')).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '99');
    await user.click(within(trialDialog).getByRole('button', { name: 'Add' }));
    expect(await within(trialDialog).findByText('Ensure this value is at most 50.')).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '1{Enter}');
    await waitFor(() =>
      expect(posted.at(-1)).toEqual({ url: 'trial-licenses', body: { organisationId: ORG, limit: 1 } }),
    );
  });

  it('lets a user who may subscribe subscribe the organisation to a template', async () => {
    signedIn({ canSubscibeToTemplate: true });
    const posted = mockApi();
    const user = userEvent.setup();
    renderApp('/licenses');
    await user.click(await screen.findByRole('combobox', { name: 'License template' }));
    await user.click(await screen.findByRole('option', { name: 'Starter' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(posted).toEqual([{ url: `subscribe/${template.id}`, body: { organisationId: ORG } }]));
  });
});

describe('License templates page (spec §2 "License templates")', () => {
  it('is not found without the add-template permission', async () => {
    signedIn();
    mockApi();
    renderApp('/templates');
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
  });

  it('lists templates and adds one, refusing a blank name', async () => {
    signedIn({ canAddTemplate: true });
    mockApi({
      groups: [
        {
          ...template,
          devices: [
            {
              id: DEVICE,
              deviceAccessGroupId: template.id,
              deviceId: DEVICE,
              deviceName: 'Evolut FX+',
              interventionPrefix: 'TAVI',
              services: [{ service: 0, isClinical: true }],
            },
          ],
        },
      ],
    });
    const created: unknown[] = [];
    server.use(
      apiHandler(routes.createDeviceAccessGroup, async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(
          { ...template, id: '99999999-9999-4999-8999-999999999999', name: 'Research' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/templates');
    const card = await screen.findByTestId('template-card');
    expect(within(card).getByText('Starter')).toBeInTheDocument();
    expect(within(card).getByText('TAVI · Evolut FX+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field may not be blank.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Research{Enter}');
    await waitFor(() => expect(created).toEqual([{ name: 'Research' }]));
    expect(await screen.findByText('Template successfully created')).toBeInTheDocument();
  });
});
