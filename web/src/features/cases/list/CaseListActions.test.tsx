import { PERMISSIONS } from '@cardiomap/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { caseFixture, training } from '../testing/case-fixtures.ts';
import { catalogueHandlers } from '../testing/catalogue-handlers.ts';
import { manyCases, mockCaseList, mockTrainings } from '../testing/mock-case-list.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });

const CARDS = { settings: { hidePatientIdentifier: false, casesDefaultTableView: false } };
const PHYSICIAN = { canAddCase: true, canAccessCaseDetails: true, canShareCase: true, canAddOrder: true };

/** IntersectionObserver that reports only when the test scrolls the sentinel into view. */
function fakeIntersectionObserver() {
  const live = new Set<{ callback: IntersectionObserverCallback; element: Element | null }>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { callback: IntersectionObserverCallback; element: Element | null };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, element: null };
        live.add(this.entry);
      }
      observe(element: Element) {
        this.entry.element = element;
      }
      unobserve() {}
      disconnect() {
        live.delete(this.entry);
      }
      takeRecords() {
        return [];
      }
    },
  );
  return () =>
    act(() => {
      for (const { callback, element } of live) {
        callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
}

afterEach(() => vi.unstubAllGlobals());

describe('case list cards (spec §2: infinite scroll, 345 px cards)', () => {
  it('loads the next page when the end of the cards scrolls into view, until all are shown', async () => {
    const scrollToEnd = fakeIntersectionObserver();
    signInAs({ ...PHYSICIAN, ...CARDS });
    mockTrainings();
    const requests = mockCaseList(() => manyCases(40));
    renderApp('/cases');
    expect(await screen.findByText('Showing 15 out of 40 cases')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(15);
    expect(screen.getAllByRole('article')[0]).toHaveStyle({ width: '345px' });
    scrollToEnd();
    expect(await screen.findByText('Showing 30 out of 40 cases')).toBeInTheDocument();
    scrollToEnd();
    expect(await screen.findByText('Showing 40 out of 40 cases')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'HVC-TAVI-00040' })).toBeInTheDocument();
    scrollToEnd();
    expect(screen.queryByRole('button', { name: 'Load more cases' })).not.toBeInTheDocument();
    expect(requests.map((r) => r.page)).toEqual([1, 2, 3]);
  });

  it('starts again from the first page when the search changes', async () => {
    const scrollToEnd = fakeIntersectionObserver();
    signInAs({ ...PHYSICIAN, ...CARDS });
    mockTrainings();
    const requests = mockCaseList(() => manyCases(40));
    const app = renderApp('/cases');
    await screen.findByText('Showing 15 out of 40 cases');
    scrollToEnd();
    await screen.findByText('Showing 30 out of 40 cases');
    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.paste('HVC-TAVI-0003');
    expect(await screen.findByText('Showing 10 out of 10 cases')).toBeInTheDocument();
    expect(app.location()).toBe('/cases?search=HVC-TAVI-0003');
    expect(requests.at(-1)).toEqual({ page: 1, pageSize: 15, search: 'HVC-TAVI-0003', organisationId: null });
  });
});

describe('training banners (spec §2)', () => {
  it('links to the training of each intervention whose required training is pending', async () => {
    signInAs(PHYSICIAN);
    mockTrainings([
      training({ userFollowedTraining: false }),
      training({ id: '33333333-3333-4333-8333-333333333334', region: 'EU', userFollowedTraining: false }),
      training({
        id: '33333333-3333-4333-8333-333333333335',
        interventionPrefix: 'LAAO',
        interventionName: 'Left Atrial Appendage Occlusion',
        userFollowedTraining: true,
      }),
      training({ id: '33333333-3333-4333-8333-333333333336', interventionPrefix: 'TMVR', trainingRequired: false }),
    ]);
    mockCaseList(() => []);
    renderApp('/cases');
    const link = await screen.findByRole('link', { name: 'Start training' });
    expect(link).toHaveAttribute('href', '/training/TAVI');
    expect(screen.getAllByRole('link', { name: 'Start training' })).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(/Transcatheter Aortic Valve Implantation \(TAVI\) training/);
  });

  it('shows no banner to a user who may skip training', async () => {
    signInAs({ ...PHYSICIAN, permissions: [PERMISSIONS.skipTraining] });
    mockTrainings([training({ userFollowedTraining: false })]);
    mockCaseList(() => manyCases(1));
    renderApp('/cases');
    await screen.findByText('HVC-TAVI-00001');
    expect(screen.queryByRole('link', { name: 'Start training' })).not.toBeInTheDocument();
  });
});

describe('what each user may do from the list (spec §2 "Dialogs", §6)', () => {
  it('gives a physician Request analysis and, per case, order simulation, share and cancel', async () => {
    signInAs(PHYSICIAN);
    server.use(...catalogueHandlers().handlers);
    mockTrainings();
    mockCaseList(() => [caseFixture({ canBeCanceled: true, status: 1 })]);
    renderApp('/cases');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for HVC-TAVI-00042' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Order simulation', 'Share', 'Cancel case']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Order simulation' }));
    expect(await screen.findByRole('dialog', { name: 'Order simulation for HVC-TAVI-00042' })).toBeInTheDocument();
  });

  it('opens the new-analysis dialog from Request analysis', async () => {
    signInAs(PHYSICIAN);
    server.use(...catalogueHandlers().handlers);
    mockTrainings();
    mockCaseList(() => []);
    renderApp('/cases');
    await userEvent.click(await screen.findByRole('button', { name: 'Request analysis' }));
    expect(await screen.findByRole('dialog', { name: 'Request analysis' })).toBeInTheDocument();
  });

  it('does not offer sharing a case shared to the user, nor canceling what cannot be canceled', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    mockCaseList(() => [caseFixture({ isSharedToCurrentUser: true, patientIdentifier: null, canBeCanceled: false })]);
    renderApp('/cases');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for HVC-TAVI-00042' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Order simulation']);
  });

  it('offers no order simulation on a finished case', async () => {
    signInAs(PHYSICIAN);
    mockTrainings();
    mockCaseList(() => [caseFixture({ status: 4 })]);
    renderApp('/cases');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for HVC-TAVI-00042' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Share']);
  });

  it('gives a user without those permissions neither Request analysis nor any case action', async () => {
    signInAs({ canAccessCaseDetails: true });
    mockTrainings();
    mockCaseList(() => [caseFixture()]);
    renderApp('/cases');
    const row = await screen.findByRole('row', { name: /HVC-TAVI-00042/ });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request analysis' })).not.toBeInTheDocument();
  });
});
