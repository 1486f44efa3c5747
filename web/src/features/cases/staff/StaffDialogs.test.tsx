import { type Case, routes, type Study, type StudyResource, type Visualisation } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { CASE_ID, caseFixture, colleague, order, page } from '../testing/case-fixtures.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();
const STUDY_ID = 'b0000000-0000-4000-8000-000000000001';
const VOLUME_ID = 'b3000000-0000-4000-8000-000000000001';

const volume = (interpolationType: number): StudyResource => ({
  id: VOLUME_ID,
  studyId: STUDY_ID,
  name: 'Volume',
  filename: 'volume.cmvol',
  type: 2,
  metadata: { mimeType: 'application/octet-stream' },
  size: 1000,
  attributes: { interpolationType },
  sourceVersion: '',
  sourceClient: '',
  dateCreated: '2026-11-20T09:00:00.000Z',
  readUrl: null,
});

const PHASE_10 = 'b3000000-0000-4000-8000-000000000010';
const PHASE_40 = VOLUME_ID;
const study = (defaultPhase: string): Study => ({
  id: STUDY_ID,
  caseId: CASE_ID,
  caseIdentifier: 'HVC-TAVI-00001',
  dicomVolumeId: defaultPhase,
  pdfReportId: null,
  hasPdfReport: false,
  analysisIds: [],
  resourceIds: [],
  visualisationIds: [],
  dateCreated: '2026-11-20T09:00:00.000Z',
  phases: [
    {
      id: PHASE_10,
      label: '10 %',
      percent: 10,
      triggerTimeMs: 95,
      sliceCount: 40,
      isDefault: defaultPhase === PHASE_10,
    },
    {
      id: PHASE_40,
      label: '40 %',
      percent: 40,
      triggerTimeMs: 380,
      sliceCount: 40,
      isDefault: defaultPhase === PHASE_40,
    },
  ],
});

function showCase(kase: Case, permissions: string[]) {
  signInAs({ canAccessCaseDetails: true, permissions });
  server.use(apiHandler(routes.getCase, () => HttpResponse.json(kase)));
  renderApp(`/case-detail/${CASE_ID}`);
}
const findButton = (name: string) => screen.findByRole('button', { name }, { timeout: 10_000 });

beforeEach(() => {
  server.use(
    apiHandler(routes.listInputData, () => HttpResponse.json(page([]))),
    apiHandler(routes.listStudyResources, () => HttpResponse.json(page([volume(0)]))),
    apiHandler(routes.getStudy, () => HttpResponse.json(study(PHASE_40))),
    apiHandler(routes.listUsers, () => HttpResponse.json(page([colleague]))),
    apiHandler(routes.listVisualisations, () => HttpResponse.json(page(visualisations))),
  );
});

const ROOT_ID = 'b5000000-0000-4000-8000-000000000001';
const VALVE_ID = 'b5000000-0000-4000-8000-000000000002';
const visualisation = (id: string, name: string, order: number): Visualisation => ({
  id,
  studyId: STUDY_ID,
  analysisId: null,
  name,
  opacity: 1,
  order,
  visualisationObjectIds: [],
});
// Listed out of order: the dialog shows them by `order`.
const visualisations = [visualisation(VALVE_ID, 'Valve', 1), visualisation(ROOT_ID, 'Aortic root', 0)];

describe('staff dialogs of the case detail', () => {
  it('assigns the case responsible with the user autocomplete', async () => {
    let body: unknown;
    const searches: URLSearchParams[] = [];
    server.use(
      apiHandler(routes.listUsers, ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([colleague]));
      }),
      apiHandler(routes.assignCaseResponsible, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(caseFixture());
      }),
    );
    showCase(caseFixture(), [P.assignCaseResponsible]);
    await user.click(await findButton('Assign case responsible'));
    const dialog = await screen.findByRole('dialog', { name: 'Assign case responsible' });
    const field = within(dialog).getByRole('combobox', { name: /Case responsible/ });
    expect(field).toHaveAttribute('placeholder', 'Start typing to search a user');
    await user.type(field, 'Cora');
    await user.click(await screen.findByRole('option', { name: /colleague@cardiomap.test/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Case responsible assigned');
    expect(body).toEqual({ caseResponsibleId: colleague.id });
    // Only those who may request analyses are offered (issue 30 #10).
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(search.get('may_be_case_responsible')).toBe('true');
  });

  it('duplicates an order after confirming', async () => {
    let called = false;
    server.use(
      apiHandler(routes.duplicateOrder, () => {
        called = true;
        return HttpResponse.json(order({ id: 'f0000000-0000-4000-8000-000000000002', isInitial: false }), {
          status: 201,
        });
      }),
    );
    showCase(caseFixture(), [P.duplicateOrder]);
    await user.click(await findButton('Duplicate order'));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate this order?' });
    expect(called).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate order' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Order duplicated');
    expect(called).toBe(true);
  });

  it('offers Duplicate order on the obsoleted order of a completed case only (issue 30 §2)', async () => {
    const obsoleted = order({
      status: 3,
      delivery: { id: 'd0000000-0000-4000-8000-000000000001', isObsoleted: true, dateCreated: '2026-11-21T09:00:00Z' },
    });
    showCase(caseFixture({ status: 3, orders: [obsoleted] }), [P.duplicateOrder]);
    expect(await findButton('Duplicate order')).not.toHaveAttribute('aria-disabled');
  });

  it('keeps Duplicate order disabled on a completed case whose delivery stands', async () => {
    const delivered = order({
      status: 2,
      delivery: { id: 'd0000000-0000-4000-8000-000000000001', isObsoleted: false, dateCreated: '2026-11-21T09:00:00Z' },
    });
    showCase(caseFixture({ status: 3, orders: [delivered] }), [P.duplicateOrder]);
    expect(await findButton('Duplicate order')).toHaveAttribute('aria-disabled', 'true');
  });

  it('changes the interpolation type in the study options of an undelivered case', async () => {
    let body: unknown;
    server.use(
      apiHandler(routes.setStudyResourceAttributes, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(volume(1));
      }),
    );
    showCase(caseFixture({ studyId: STUDY_ID }), [P.changeStudy, P.changeStudyResource]);
    await user.click(await findButton('Advanced case options'));
    const dialog = await screen.findByRole('dialog', { name: 'Advanced case options' });
    expect(await within(dialog).findByRole('radio', { name: 'Nearest voxel (sharp edges)' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Linear (smooth)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Interpolation type changed');
    expect(body).toEqual({ interpolationType: 1 });
  });

  it('says why the interpolation is locked once something is delivered', async () => {
    const delivered = order({
      status: 2,
      delivery: { id: 'd9000000-0000-4000-8000-000000000001', isObsoleted: false, dateCreated: '2026-11-21T09:00:00Z' },
    });
    showCase(caseFixture({ studyId: STUDY_ID, status: 3, orders: [delivered] }), [
      P.changeStudy,
      P.changeStudyResource,
    ]);
    await user.click(await findButton('Advanced case options'));
    const dialog = await screen.findByRole('dialog', { name: 'Advanced case options' });
    expect(await within(dialog).findByRole('radio', { name: 'Linear (smooth)' })).toBeDisabled();
    expect(dialog).toHaveTextContent(
      'The interpolation type can only be changed while the case is unfinished and nothing is delivered.',
    );
  });

  it('changes the default cardiac phase in the study options (issue 28)', async () => {
    let body: unknown;
    server.use(
      apiHandler(routes.setDefaultPhase, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(study(PHASE_10));
      }),
    );
    showCase(caseFixture({ studyId: STUDY_ID }), [P.changeStudy]);
    await user.click(await findButton('Advanced case options'));
    const dialog = await screen.findByRole('dialog', { name: 'Advanced case options' });
    const select = await within(dialog).findByRole('combobox', { name: 'Default cardiac phase' });
    expect(select).toHaveTextContent('40 % (380 ms, 40 slices)');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '10 % (95 ms, 40 slices)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Default phase changed');
    expect(body).toEqual({ phaseId: PHASE_10 });
  });

  it('reorders the scene in the advanced case options (PATCH studies/{id}/, simulations.change_study)', async () => {
    let body: unknown;
    server.use(
      apiHandler(routes.patchStudy, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(study(PHASE_40));
      }),
    );
    showCase(caseFixture({ studyId: STUDY_ID }), [P.changeStudy]);
    await user.click(await findButton('Advanced case options'));
    const dialog = await screen.findByRole('dialog', { name: 'Advanced case options' });
    const list = await within(dialog).findByRole('list', { name: 'Scene order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Aortic root', 'Valve']);
    expect(within(dialog).getByRole('button', { name: 'Move Aortic root up' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Move Valve up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Scene order changed');
    expect(body).toEqual({ visualisationIds: [VALVE_ID, ROOT_ID] });
  });

  it('hides the advanced case options from analysts without simulations.change_study', async () => {
    showCase(caseFixture({ studyId: STUDY_ID }), [P.changeStudyResource, P.addDegradation]);
    await findButton('Mark non-clinical');
    expect(screen.queryByRole('button', { name: 'Advanced case options' })).not.toBeInTheDocument();
  });
});
