import { type Case, routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { caseFixture, ORG_ID, OTHER_ORG_ID } from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { manyCases, mockCaseList, mockTrainings } from '../testing/mock-case-list.ts';
import { FIRST_CASE_HINT, FIRST_CASE_MESSAGE, NO_CASE_ACCESS_HINT, NO_CASES_YET_HINT } from './ListStates.tsx';
import { UNSEEN_CHANGE_LABEL, UNSEEN_CHANGE_TOOLTIP } from './UnseenChangeBadge.tsx';

setUpMockApi();
// Five engineers share two cores: the first render of the whole app can take longer than the default 1 s.
vi.setConfig({ testTimeout: 20_000 });

const PHYSICIAN = { canAddCase: true, canAccessCaseDetails: true, canShareCase: true, canAddOrder: true };
const TWO_ORGS = {
  hasManyOrgs: true,
  organisationIds: [ORG_ID, OTHER_ORG_ID],
  organisations: [
    { id: ORG_ID, name: 'Heart Valve Centre Rotterdam', code: 'HVC' },
    { id: OTHER_ORG_ID, name: 'Boston Heart Institute', code: 'BHI' },
  ],
};

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Cases' }))
    .getAllByRole('row')
    .slice(1);
const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => t && /^\d+$/.test(t))
    .map(Number);

describe('case list (spec §2 "Case list")', () => {
  it('shows the table by default when the user setting says so, with the page title and detail links', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const requests = mockCaseList(() => manyCases(3));
    const app = renderApp('/cases');
    expect(await screen.findByRole('link', { name: 'HVC-TAVI-00001' })).toHaveAttribute(
      'href',
      '/case-detail/c0000000-0000-4000-8000-000000000001',
    );
    expect(rowsOf()).toHaveLength(3);
    const first = within(rowsOf()[0]!);
    expect(first.getByText('PAT-00001')).toBeInTheDocument();
    expect(first.getByText('SAPIEN 3')).toBeInTheDocument();
    expect(first.getByText('Anatomical analysis: under evaluation')).toBeInTheDocument();
    expect(first.getByText('In progress')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('CardioMap – Analyses'));
    expect(requests).toEqual([{ page: 1, pageSize: 15, search: null, organisationId: null }]);
    expect(app.location()).toBe('/cases');
  });

  it('starts in cards when the user prefers them, and a view parameter overrides the setting', async () => {
    signInAs({ ...PHYSICIAN, settings: { hidePatientIdentifier: false, casesDefaultTableView: false } });
    mockTrainings();
    mockCaseList(() => manyCases(2));
    const app = renderApp('/cases');
    expect(await screen.findByText('Showing 2 out of 2 cases')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Table view' }));
    expect(await screen.findByRole('table', { name: 'Cases' })).toBeInTheDocument();
    expect(app.location()).toBe('/cases?view=table');
    await userEvent.click(screen.getByRole('button', { name: 'Card view' }));
    expect(await screen.findByText('Showing 2 out of 2 cases')).toBeInTheDocument();
    expect(app.location()).toBe('/cases?view=cards');
  });

  it('marks the cases whose status changed since the user last opened them, in the table and the cards', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const [changed, unchanged] = manyCases(2);
    mockCaseList(() => [{ ...(changed as Case), hasUnseenChange: true }, unchanged as Case]);
    renderApp('/cases');
    await screen.findByRole('link', { name: 'HVC-TAVI-00001' });
    const [first, second] = rowsOf();
    const badge = within(first as HTMLElement).getByLabelText(UNSEEN_CHANGE_TOOLTIP);
    expect(badge).toHaveTextContent(UNSEEN_CHANGE_LABEL);
    expect(within(second as HTMLElement).queryByLabelText(UNSEEN_CHANGE_TOOLTIP)).not.toBeInTheDocument();
    // Keyboard users reach it and get its explanation.
    badge.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(UNSEEN_CHANGE_TOOLTIP);

    await userEvent.click(screen.getByRole('button', { name: 'Card view' }));
    const [firstCard, secondCard] = await screen.findAllByRole('article');
    expect(within(firstCard as HTMLElement).getByText(UNSEEN_CHANGE_LABEL)).toBeInTheDocument();
    expect(within(secondCard as HTMLElement).queryByText(UNSEEN_CHANGE_LABEL)).not.toBeInTheDocument();
  });

  it('hides the patient column when the user hides identifiers, and shows Hidden for a case shared to the user', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const shared = caseFixture({ isSharedToCurrentUser: true, patientIdentifier: null, patientInformation: null });
    mockCaseList(() => [shared]);
    renderApp('/cases');
    expect(await within(await screen.findByRole('table')).findByText('Hidden')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Patient' })).toBeInTheDocument();
  });

  it('cuts a long patient identifier at 80 characters (spec §9), the whole of it in the tooltip', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const identifier = `P${'9'.repeat(99)}`;
    mockCaseList(() => [caseFixture({ patientIdentifier: identifier })]);
    renderApp('/cases?view=table');
    const cell = await within(await screen.findByRole('table')).findByTitle(identifier);
    expect(cell.textContent).toHaveLength(80);
    expect(cell.textContent?.endsWith('…')).toBe(true);
  });

  it('has no patient column with the hidePatientIdentifier setting, and no links without case-detail access', async () => {
    signInAs({ settings: { hidePatientIdentifier: true, casesDefaultTableView: true } });
    mockTrainings();
    mockCaseList(() => manyCases(1));
    renderApp('/cases');
    expect(await screen.findByText('HVC-TAVI-00001')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'HVC-TAVI-00001' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Patient' })).not.toBeInTheDocument();
    expect(screen.queryByText('PAT-00001')).not.toBeInTheDocument();
  });

  it('marks a case with a non-clinical order as not intended for medical use', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const [clinical] = manyCases(1);
    const nonClinical = caseFixture({
      id: 'c0000000-0000-4000-8000-0000000000ff',
      caseIdentifier: 'BHI-TAVI-00001',
      orders: [{ ...clinical!.orders[0]!, isClinical: false }],
    });
    mockCaseList(() => [clinical!, nonClinical]);
    renderApp('/cases');
    await screen.findByText('BHI-TAVI-00001');
    expect(within(rowsOf()[0]!).queryByText('Not intended for medical use')).not.toBeInTheDocument();
    expect(within(rowsOf()[1]!).getByText('Not intended for medical use')).toBeInTheDocument();
  });

  it('searches 500 ms after typing stops, keeps it in the query and starts at page 1', {
    timeout: 20_000,
  }, async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const requests = mockCaseList(() => manyCases(40));
    const app = renderApp('/cases?page=2');
    await screen.findByText('HVC-TAVI-00016');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), '00038');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests.some((r) => r.search)).toBe(false);
    expect(app.location()).toBe('/cases?page=2');
    await waitFor(() => expect(app.location()).toBe('/cases?search=00038'), { timeout: 2000 });
    expect(await screen.findByText('HVC-TAVI-00038')).toBeInTheDocument();
    expect(rowsOf()).toHaveLength(1);
    // One request for the whole word: the debounce swallowed every keystroke before it.
    expect(requests.filter((r) => r.search)).toEqual([
      { page: 1, pageSize: 15, search: '00038', organisationId: null },
    ]);
  });

  it('reads search and page from the URL, and resets the filters with one button', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const requests = mockCaseList(() => manyCases(40));
    const app = renderApp('/cases?search=hvc&page=3');
    expect(await screen.findByText('HVC-TAVI-00031')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('hvc');
    expect(requests[0]).toEqual({ page: 3, pageSize: 15, search: 'hvc', organisationId: null });
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(app.location()).toBe('/cases'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(await screen.findByText('HVC-TAVI-00001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset filters' })).not.toBeInTheDocument();
  });

  it('offers the organisation filter only to users with several organisations', async () => {
    signInAs({ ...PHYSICIAN, ...TWO_ORGS });
    mockTrainings();
    const other = manyCases(2, { organisationId: OTHER_ORG_ID });
    const requests = mockCaseList(() => [
      ...manyCases(1),
      ...other.map((c, i) => ({ ...c, id: `${c.id.slice(0, -1)}${i + 5}`, caseIdentifier: `BHI-TAVI-0000${i + 1}` })),
    ]);
    const app = renderApp('/cases');
    expect(await screen.findByText('BHI-TAVI-00002')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Organisation' }));
    await userEvent.click(screen.getByRole('option', { name: 'Boston Heart Institute (BHI)' }));
    await waitFor(() => expect(app.location()).toBe(`/cases?org=${OTHER_ORG_ID}`));
    await waitFor(() => expect(screen.queryByText('HVC-TAVI-00001')).not.toBeInTheDocument());
    expect(rowsOf()).toHaveLength(2);
    expect(requests.at(-1)).toEqual({ page: 1, pageSize: 15, search: null, organisationId: OTHER_ORG_ID });
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(app.location()).toBe('/cases'));
  });

  it('has no organisation filter for a user of one organisation', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    mockCaseList(() => manyCases(1));
    renderApp('/cases');
    await screen.findByText('HVC-TAVI-00001');
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('pages through the table 15 at a time with at most 10 page numbers around the current page', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const requests = mockCaseList(() => manyCases(600));
    const app = renderApp('/cases');
    await screen.findByText('HVC-TAVI-00001');
    expect(rowsOf()).toHaveLength(15);
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(screen.getByText('600 cases')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 7' }));
    await waitFor(() => expect(app.location()).toBe('/cases?page=7'));
    expect(await screen.findByText('HVC-TAVI-00091')).toBeInTheDocument();
    expect(pageButtons()).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(screen.getByRole('button', { name: 'page 7' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(app.location()).toBe('/cases?page=8'));
    expect(await screen.findByText('HVC-TAVI-00106')).toBeInTheDocument();
    expect(requests.map((r) => r.page)).toEqual([1, 7, 8]);
  });

  it('shows the last ten page numbers on the last page', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    mockCaseList(() => manyCases(600));
    renderApp('/cases?page=40');
    expect(await screen.findByText('HVC-TAVI-00600')).toBeInTheDocument();
    expect(pageButtons()).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('reloads once for quick page clicks (debounced 100 ms)', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const requests = mockCaseList(() => manyCases(600));
    const app = renderApp('/cases');
    await screen.findByText('HVC-TAVI-00001');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await user.click(screen.getByRole('button', { name: 'Go to page 4' }));
    expect(app.location()).toBe('/cases?page=4');
    expect(await screen.findByText('HVC-TAVI-00046')).toBeInTheDocument();
    expect(requests.map((r) => r.page)).toEqual([1, 4]);
  });

  it('goes back to page 1 when the server says the page is invalid', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const requests = mockCaseList(() => manyCases(20));
    const app = renderApp('/cases?search=hvc&page=9');
    await waitFor(() => expect(app.location()).toBe('/cases?search=hvc'));
    expect(await screen.findByText('HVC-TAVI-00001')).toBeInTheDocument();
    expect(requests.map((r) => r.page)).toEqual([9, 1]);
    expect(screen.queryByText('The cases could not be loaded.')).not.toBeInTheDocument();
  });

  it('goes back to page 1 when the server answers an empty page beyond the last', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const pages: string[] = [];
    server.use(
      apiHandler(routes.listCases, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        pages.push(page);
        const results = page === '1' ? manyCases(15) : [];
        return HttpResponse.json({ count: 20, next: null, previous: null, results });
      }),
    );
    const app = renderApp('/cases?page=9');
    await waitFor(() => expect(app.location()).toBe('/cases'));
    expect(await screen.findByText('HVC-TAVI-00001')).toBeInTheDocument();
    expect(pages).toEqual(['9', '1']);
  });

  it('replaces a page parameter that is not a page number with page 1', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    const requests = mockCaseList(() => manyCases(20));
    const app = renderApp('/cases?page=abc');
    await waitFor(() => expect(app.location()).toBe('/cases'));
    expect(await screen.findByText('HVC-TAVI-00001')).toBeInTheDocument();
    expect(requests.every((r) => r.page === 1)).toBe(true);
  });

  it('says when nothing matches', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    mockCaseList(() => []);
    renderApp('/cases?search=nothing');
    expect(await screen.findByText('No cases match your search criteria')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("tells a new user how to start instead of 'No cases match your search criteria'", async () => {
    signInAs(PHYSICIAN);
    // The Request analysis dialog it offers reads the catalogue.
    server.use(...catalogueHandlers().handlers);
    mockTrainings();
    mockCaseList(() => []);
    renderApp('/cases');
    const empty = await screen.findByTestId('no-cases-yet');
    expect(empty).toHaveTextContent(FIRST_CASE_MESSAGE);
    expect(empty).toHaveTextContent(FIRST_CASE_HINT);
    expect(screen.queryByText('No cases match your search criteria')).not.toBeInTheDocument();
    await userEvent.click(within(empty).getByRole('button', { name: 'Request your first analysis' }));
    expect(await screen.findByRole('dialog', { name: 'Request analysis' })).toBeInTheDocument();
  });

  it('tells a user who may not add cases where cases will come from', async () => {
    signInAs({ ...PHYSICIAN, canAddCase: false });
    mockTrainings();
    mockCaseList(() => []);
    renderApp('/cases?view=cards');
    const empty = await screen.findByTestId('no-cases-yet');
    expect(empty).toHaveTextContent(NO_CASES_YET_HINT);
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells a user whose role does not see cases that no case will be listed (issue 27)', async () => {
    signInAs({ canAddTemplate: true, roles: ['TemplateManager'], firstRole: 'TemplateManager' });
    mockTrainings();
    mockCaseList(() => []);
    renderApp('/cases');
    expect(await screen.findByTestId('no-case-access')).toHaveTextContent(NO_CASE_ACCESS_HINT);
    expect(screen.queryByText(FIRST_CASE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /request/i })).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    let fail = true;
    server.use(
      apiHandler(routes.listCases, () =>
        fail
          ? HttpResponse.json({ detail: 'You do not have permission.', code: 'forbidden' }, { status: 403 })
          : HttpResponse.json({ count: 1, next: null, previous: null, results: manyCases(1) }),
      ),
    );
    renderApp('/cases');
    expect(await screen.findByText('The cases could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('HVC-TAVI-00001')).toBeInTheDocument();
  });
});
