import { type Case, routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { CASE_ID, caseFixture } from '../testing/case-fixtures.ts';
import { mockCaseList, mockTrainings } from '../testing/mock-case-list.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });

const CONFLICT = 'This case is being processed and can no longer be canceled.';

/** The list shows one cancelable case; PUT cancel/ answers with `answer` and changes the case to `after`. */
function mockCancel(answer: 'ok' | 'conflict', after: Partial<Case>) {
  let current = caseFixture({ status: 1, canBeCanceled: true });
  const canceled: string[] = [];
  const listRequests = mockCaseList(() => [current]);
  server.use(
    apiHandler(routes.cancelCase, ({ params }) => {
      canceled.push(String(params.id));
      current = { ...current, ...after };
      return answer === 'ok'
        ? HttpResponse.json(current)
        : HttpResponse.json({ detail: CONFLICT, code: 'conflict' }, { status: 409 });
    }),
  );
  return { canceled, listRequests };
}

async function openCancelDialog() {
  signInAs({ canAccessCaseDetails: true });
  mockTrainings();
  renderApp('/cases');
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for HVC-TAVI-00042' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel case' }));
  return screen.findByRole('dialog', { name: 'Cancel case HVC-TAVI-00042?' });
}

describe('cancel dialog (spec §4 "Cancel", §9 confirm dialog)', () => {
  it('cancels after confirmation and the list shows the case canceled', async () => {
    const api = mockCancel('ok', { status: 4, canBeCanceled: false });
    const dialog = await openCancelDialog();
    expect(
      within(dialog).getByText('Its analyses will not be carried out. This cannot be undone.'),
    ).toBeInTheDocument();
    expect(dialog).toHaveStyle({ width: '400px' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel case' }));
    expect(await screen.findByText('Case canceled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cancel case/ })).not.toBeInTheDocument());
    expect(api.canceled).toEqual([CASE_ID]);
    const row = await screen.findByRole('row', { name: /HVC-TAVI-00042/ });
    await waitFor(() => expect(within(row).getByText('Canceled')).toBeInTheDocument());
    expect(api.listRequests.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the case when the user steps back', async () => {
    const api = mockCancel('ok', { status: 4 });
    const dialog = await openCancelDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep case' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cancel case/ })).not.toBeInTheDocument());
    expect(api.canceled).toEqual([]);
  });

  it("shows the server's reason in the dialog on a conflict and refreshes the list", async () => {
    const api = mockCancel('conflict', { status: 2, canBeCanceled: false });
    const dialog = await openCancelDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel case' }));
    expect(await within(dialog).findByText(CONFLICT)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel case' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    // The list behind the dialog is aria-hidden while it is open.
    const row = screen.getByRole('row', { name: /HVC-TAVI-00042/, hidden: true });
    await waitFor(() => expect(within(row).getByText('In progress')).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cancel case/ })).not.toBeInTheDocument());
    expect(api.canceled).toEqual([CASE_ID]);
  });

  it('shows other failures as an error toast', async () => {
    mockCancel('ok', {});
    server.use(apiHandler(routes.cancelCase, () => HttpResponse.error()));
    const dialog = await openCancelDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel case' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Lost connection to server. Please try again later.');
    expect(within(dialog).getByRole('button', { name: 'Cancel case' })).toBeEnabled();
  });
});
