import { type Case, routes } from '@cardiomap/contract';
import { DELIVERY_NOT_GUARANTEED_WARNING, DELIVERY_PASSED_WARNING } from '@cardiomap/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { CASE_ID, caseFixture, order, page } from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { mockCaseList, mockTrainings } from '../testing/mock-case-list.ts';
import { SHARED_CASE_IDENTIFIERS, SHARED_CASE_NO_REQUEST } from './PatientInformationCard.tsx';

setUpMockApi();
// An in-progress case lists what the ingest warned of; tests that care answer with their own uploads.
beforeEach(() =>
  server.use(
    apiHandler(routes.listInputData, () => HttpResponse.json(page([]))),
    // The report (issue 18) is its own component's test; here the case has none to show.
    apiHandler(routes.getStudyReport, () =>
      HttpResponse.json(
        { detail: 'The report is available once the analysis is delivered.', code: 'permission_denied' },
        { status: 403 },
      ),
    ),
  ),
);
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();
const HOUR = 3_600_000;
const PATH = `/case-detail/${CASE_ID}`;

function showCase(kase: Case | (() => Response), flags: Parameters<typeof signInAs>[0] = {}) {
  signInAs({ canAccessCaseDetails: true, ...flags });
  server.use(apiHandler(routes.getCase, () => (typeof kase === 'function' ? kase() : HttpResponse.json(kase))));
  return renderApp(PATH);
}

const patientList = () => screen.getByLabelText('Patient information');

describe('case detail page (spec §2 case-detail/{id})', () => {
  it('redirects to the Details tab and shows the case; the Jobs tab is honest about having none', async () => {
    server.use(
      apiHandler(routes.listJobs, () => HttpResponse.json(page([]))),
      apiHandler(routes.listInputData, () => HttpResponse.json(page([]))),
    );
    const view = showCase(caseFixture());
    expect(await screen.findByRole('heading', { name: 'HVC-TAVI-00042' })).toBeInTheDocument();
    expect(view.location()).toBe(`${PATH}/details`);
    expect(screen.getByTestId('case-status')).toHaveTextContent('In progress');
    expect(within(await screen.findByLabelText('Analysis')).getByText('SAPIEN 3')).toBeInTheDocument();
    expect(screen.getByText('Anatomical analysis: under evaluation')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('CardioMap – HVC-TAVI-00042'));
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
    expect(view.location()).toBe(`${PATH}/jobs`);
  });

  it('is not found for users without the case-detail permission', async () => {
    showCase(caseFixture(), { canAccessCaseDetails: false });
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
  });

  it('is not found when the server does not know the case (or hides it)', async () => {
    showCase(() => HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }));
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
  });

  it('offers a retry when the case cannot be loaded', async () => {
    let calls = 0;
    showCase(() => {
      calls++;
      return calls === 1
        ? HttpResponse.json({ detail: 'Forbidden', code: 'x' }, { status: 403 })
        : HttpResponse.json(caseFixture());
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'HVC-TAVI-00042' })).toBeInTheDocument();
  });

  it("shows a rejected case as 'Could not be processed' with the analyst's comment", async () => {
    showCase(
      caseFixture({
        status: 7,
        analystComment: 'Slice thickness above 1 mm.',
        rejection: { reasonId: null, reason: 'Insufficient image quality', comment: 'Slice thickness above 1 mm.' },
      }),
    );
    const notice = await screen.findByTestId('case-state');
    expect(notice).toHaveTextContent('Could not be processed');
    expect(notice).toHaveTextContent('Slice thickness above 1 mm.');
    expect(notice).toHaveTextContent('Insufficient image quality');
  });

  it("shows a canceled case as 'Analyses canceled'", async () => {
    showCase(caseFixture({ status: 4, orders: [order({ status: 1 })] }));
    expect(await screen.findByTestId('case-state')).toHaveTextContent('Analyses canceled');
  });

  it("labels non-clinical orders 'Not intended for medical use' with the remark or the licence reason", async () => {
    showCase(
      caseFixture({
        orders: [
          order({ isClinical: false }),
          order({
            id: 'f0000000-0000-4000-8000-0000000000b2',
            service: 1,
            isClinical: false,
            degradation: { id: 'f0000000-0000-4000-8000-0000000000c1', reasonId: null, remark: 'Motion artefacts.' },
          }),
          order({ id: 'f0000000-0000-4000-8000-0000000000b3', isClinical: true }),
        ],
      }),
    );
    const orders = await screen.findByRole('list', { name: 'Orders' });
    expect(within(orders).getAllByText('Not intended for medical use')).toHaveLength(2);
    expect(
      within(orders).getByText(
        'The results of this case cannot be used for clinical purposes because the organization only has a non-clinical device license for this device.',
      ),
    ).toBeInTheDocument();
    expect(within(orders).getByText('Motion artefacts.')).toBeInTheDocument();
  });

  it('warns when the expected delivery date has passed', async () => {
    showCase(caseFixture({ expectedDeliveryDatetime: new Date(Date.now() - HOUR).toISOString() }));
    expect(await screen.findByText(DELIVERY_PASSED_WARNING)).toBeInTheDocument();
  });

  it('warns when the expected delivery date is no longer guaranteed', async () => {
    showCase(caseFixture({ expectedDeliveryDatetime: new Date(Date.now() + HOUR).toISOString() }));
    expect(await screen.findByText(DELIVERY_NOT_GUARANTEED_WARNING)).toBeInTheDocument();
  });

  it('gives no delivery warning once an order is delivered', async () => {
    showCase(
      caseFixture({
        expectedDeliveryDatetime: new Date(Date.now() - HOUR).toISOString(),
        orders: [order({ status: 2 })],
        hasDeliveredOrder: true,
      }),
    );
    await screen.findByLabelText('Patient information');
    expect(screen.queryByText(DELIVERY_PASSED_WARNING)).not.toBeInTheDocument();
  });

  it('hides all patient identifiers and requests them again from sensitive-data/', async () => {
    let requests = 0;
    server.use(
      apiHandler(routes.sensitiveData, () => {
        requests++;
        return HttpResponse.json({ identifier: 'PAT-123', age: 81, sex: 'F' });
      }),
    );
    showCase(caseFixture());
    await screen.findByLabelText('Patient information');
    expect(patientList()).toHaveTextContent('PAT-123');
    await user.click(screen.getByRole('button', { name: 'Hide patient information' }));
    expect(patientList()).not.toHaveTextContent('PAT-123');
    expect(within(patientList()).getAllByText('Hidden')).toHaveLength(3);
    expect(requests).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Show patient information' }));
    await waitFor(() => expect(patientList()).toHaveTextContent('PAT-123'));
    expect(requests).toBe(1);
  });

  it('requests the identifiers of a shared case through patient-information/ when allowed', async () => {
    let requests = 0;
    server.use(
      apiHandler(routes.patientInformation, () => {
        requests++;
        return HttpResponse.json({ identifier: 'SHARED-9', age: 70, sex: 'M' });
      }),
    );
    showCase(
      caseFixture({
        isSharedToCurrentUser: true,
        canRequestPatientInformation: true,
        patientInformation: null,
        patientIdentifier: null,
        canEdit: false,
        canChangeDevices: false,
      }),
    );
    await screen.findByLabelText('Patient information');
    expect(within(patientList()).getAllByText('Hidden')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Show patient information' }));
    await waitFor(() => expect(patientList()).toHaveTextContent('SHARED-9'));
    expect(requests).toBe(1);
  });

  it('offers no request for a shared case when the user may not request patient information', async () => {
    showCase(caseFixture({ isSharedToCurrentUser: true, patientInformation: null, canEdit: false }));
    await screen.findByLabelText('Patient information');
    expect(screen.queryByRole('button', { name: 'Show patient information' })).not.toBeInTheDocument();
    expect(screen.getByText(SHARED_CASE_NO_REQUEST)).toBeInTheDocument();
  });

  it('says a shared case hides its identifiers and that they can be requested (spec §6)', async () => {
    showCase(
      caseFixture({
        isSharedToCurrentUser: true,
        canRequestPatientInformation: true,
        patientInformation: null,
        patientIdentifier: null,
      }),
    );
    expect(await screen.findByText(SHARED_CASE_IDENTIFIERS)).toBeInTheDocument();
  });

  it('hides the identifiers wherever the session shows the case: the case list too, until asked for again', async () => {
    server.use(apiHandler(routes.sensitiveData, () => HttpResponse.json({ identifier: 'PAT-123', age: 81, sex: 'F' })));
    mockTrainings();
    mockCaseList(() => [caseFixture()]);
    const app = showCase(caseFixture());
    await user.click(await screen.findByRole('button', { name: 'Hide patient information' }));
    await act(() => app.router.navigate('/cases?view=table'));
    const table = await screen.findByRole('table', { name: 'Cases' });
    expect(within(table).getByText('HVC-TAVI-00042')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Patient' })).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('PAT-123');
    // Still hidden on the case page when it is opened again in the same session.
    await act(() => app.router.navigate(PATH));
    expect(within(await screen.findByLabelText('Patient information')).getAllByText('Hidden')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Show patient information' }));
    await waitFor(() => expect(patientList()).toHaveTextContent('PAT-123'));
    await act(() => app.router.navigate('/cases?view=table'));
    expect(await screen.findByRole('columnheader', { name: 'Patient' })).toBeInTheDocument();
  });

  it('edits the case from the header and shows the saved answer', async () => {
    let current = caseFixture({ expectedDeliveryDatetime: '2099-04-01T07:00:00.000Z' });
    server.use(
      apiHandler(routes.patchCase, () => {
        current = { ...current, physicianComment: 'Edited comment' };
        return HttpResponse.json(current);
      }),
    );
    showCase(current);
    await user.click(await screen.findByRole('button', { name: 'Edit case' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Case edited successfully');
    expect(await screen.findByText('Edited comment')).toBeInTheDocument();
  });

  it('opens Change Devices from the header', async () => {
    server.use(...catalogueHandlers().handlers);
    showCase(caseFixture());
    await user.click(await screen.findByRole('button', { name: 'Change Devices' }));
    expect(await screen.findByRole('combobox', { name: /^Devices/ })).toBeInTheDocument();
  });

  it('hides Edit case and Change Devices when the case does not allow them', async () => {
    showCase(caseFixture({ canEdit: false, canChangeDevices: false }));
    await screen.findByLabelText('Patient information');
    expect(screen.queryByRole('button', { name: 'Edit case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Devices' })).not.toBeInTheDocument();
  });

  it('tells the server the case was opened, once it has loaded, so the list drops its Updated mark', async () => {
    const seen: string[] = [];
    server.use(
      apiHandler(routes.markCaseSeen, ({ params }) => {
        seen.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    showCase(caseFixture({ hasUnseenChange: true }));
    await screen.findByRole('heading', { name: 'HVC-TAVI-00042' });
    await waitFor(() => expect(seen).toContain(CASE_ID));
  });

  it('does not mark a case it could not load', async () => {
    const seen: string[] = [];
    server.use(
      apiHandler(routes.markCaseSeen, ({ params }) => {
        seen.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    showCase(() => HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }));
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});
