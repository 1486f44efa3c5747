import { type Analysis, type Case, InputDataStatus, routes } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { inputDataFixture } from '../../upload/testing/input-data-fixtures.ts';
import { CASE_ID, caseFixture, order, page } from '../testing/case-fixtures.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();
const STUDY_ID = 'b0000000-0000-4000-8000-000000000001';
const ANALYSIS_ID = 'b1000000-0000-4000-8000-000000000001';
const REASON_ID = 'b2000000-0000-4000-8000-000000000001';
const MANAGER = [
  P.addDelivery,
  P.deleteDelivery,
  P.addDegradation,
  P.duplicateOrder,
  P.addCaseRejection,
  P.assignCaseResponsible,
  P.cancelUnderEvaluationCase,
  P.processNonResearchCase,
  P.processResearchCase,
  P.changeStudy,
  P.changeStudyResource,
];

const analysis = (overrides: Partial<Analysis> = {}): Analysis => ({
  id: ANALYSIS_ID,
  studyId: STUDY_ID,
  type: 1,
  name: 'Aortic root',
  orderId: null,
  isPreliminary: false,
  results: [],
  analysisResourceIds: [],
  landmarkIds: ['l1', 'l2'],
  dateCreated: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

/** The case detail as `permissions` sees `kase`; the case answers `current()` so a reload shows changes. */
function showCase(kase: Case, permissions: string[]) {
  let current = kase;
  signInAs({ canAccessCaseDetails: true, canAddInputData: true, permissions });
  server.use(apiHandler(routes.getCase, () => HttpResponse.json(current)));
  renderApp(`/case-detail/${CASE_ID}`);
  return { setCase: (next: Case) => (current = next) };
}

/** The first look waits for the lazily loaded Details tab on a busy test machine. */
const findButton = (name: string) => screen.findByRole('button', { name }, { timeout: 10_000 });

beforeEach(() => {
  server.use(
    apiHandler(routes.listInputData, () => HttpResponse.json(page([]))),
    apiHandler(routes.listAnalyses, () =>
      HttpResponse.json(
        page([
          analysis({ id: 'b1000000-0000-4000-8000-000000000009', isPreliminary: true, name: 'Blood pool' }),
          analysis(),
        ]),
      ),
    ),
    apiHandler(routes.rejectionReasons, () =>
      HttpResponse.json(page([{ id: REASON_ID, name: 'Insufficient image quality' }])),
    ),
    apiHandler(routes.degradationReasons, () => HttpResponse.json(page([{ id: REASON_ID, name: 'Motion artefacts' }]))),
  );
});

describe('staff actions on the case detail (issue 17 §1)', () => {
  it('delivers an order with the chosen analysis, after confirming, and shows the toast', async () => {
    let body: unknown;
    const { setCase } = showCase(caseFixture({ studyId: STUDY_ID }), MANAGER);
    server.use(
      apiHandler(routes.createDelivery, async ({ request }) => {
        body = await request.json();
        setCase(caseFixture({ studyId: STUDY_ID, status: 3, orders: [order({ status: 2 })] }));
        return HttpResponse.json(
          {
            id: 'd9000000-0000-4000-8000-000000000001',
            orderId: order().id,
            isObsoleted: false,
            dateCreated: '2026-11-21T09:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    await user.click(await findButton('Deliver'));
    const dialog = await screen.findByRole('dialog');
    // The preliminary model is never offered; the analyst's analysis is chosen already.
    expect(await within(dialog).findByRole('radio', { name: /Aortic root/ })).toBeChecked();
    expect(within(dialog).queryByText('Blood pool')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Analysis delivered');
    expect(body).toEqual({ orderId: order().id, analysisId: ANALYSIS_ID });
    await waitFor(() => expect(screen.getByTestId('case-status')).toHaveTextContent('Completed'));
    expect(screen.queryByRole('button', { name: 'Deliver' })).not.toBeInTheDocument();
  });

  it('shows why an action is disabled: nothing can be delivered before the case is in progress', async () => {
    showCase(caseFixture({ status: 1 }), MANAGER);
    const deliver = await findButton('Deliver');
    expect(deliver).toHaveAttribute('aria-disabled', 'true');
    expect(deliver).toHaveAccessibleDescription('Results can be delivered only while the case is in progress.');
    await user.click(deliver);
    expect(screen.queryByRole('dialog', { name: /^Deliver/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject case' })).toHaveAccessibleDescription(
      'The images of this case have not been accepted yet.',
    );
  });

  it('rejects the case with a reason and comment; a missing reason is named on its field', async () => {
    let body: unknown;
    const { setCase } = showCase(caseFixture(), MANAGER);
    server.use(
      apiHandler(routes.rejectCase, async ({ request }) => {
        body = await request.json();
        const rejected = caseFixture({
          status: 7,
          rejection: { reasonId: REASON_ID, reason: 'Insufficient image quality', comment: 'Too noisy' },
        });
        setCase(rejected);
        return HttpResponse.json(rejected);
      }),
    );
    await user.click(await findButton('Reject case'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject case' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Insufficient image quality' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment for the physician' }), 'Too noisy');
    await user.click(within(dialog).getByRole('button', { name: 'Reject case' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Case rejected');
    expect(body).toEqual({ reasonId: REASON_ID, comment: 'Too noisy' });
    expect(await screen.findByTestId('case-state', {}, { timeout: 10_000 })).toHaveTextContent(
      'Could not be processed',
    );
  });

  it('marks an order non-clinical with the remark the physician reads', async () => {
    let body: unknown;
    showCase(caseFixture(), MANAGER);
    server.use(
      apiHandler(routes.createDegradation, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { id: REASON_ID, orderId: order().id, reasonId: null, remark: 'x', dateCreated: '2026-11-21T09:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    await user.click(await findButton('Mark non-clinical'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark non-clinical' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Remark for the physician/ }), 'Motion artefacts.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark non-clinical' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Analysis marked non-clinical');
    expect(body).toEqual({ orderId: order().id, reasonId: null, remark: 'Motion artefacts.' });
  });

  it("puts the server's field error on the remark and its other errors above the form", async () => {
    showCase(caseFixture(), MANAGER);
    server.use(
      apiHandler(routes.createDegradation, () =>
        HttpResponse.json(
          { remark: ['Ensure this field has no more than 2000 characters.'], nonFieldErrors: ['Already degraded.'] },
          { status: 400 },
        ),
      ),
    );
    await user.click(await findButton('Mark non-clinical'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Remark for the physician/ }), 'Motion artefacts.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark non-clinical' }));
    expect(await within(dialog).findByText('Ensure this field has no more than 2000 characters.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Remark for the physician/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getByText('Already degraded.')).toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('takes a research delivery back after confirming; a conflict is shown in the dialog', async () => {
    const delivered = order({
      status: 2,
      delivery: {
        id: 'd9000000-0000-4000-8000-000000000001',
        isObsoleted: false,
        dateCreated: '2026-11-21T09:00:00.000Z',
      },
    });
    showCase(caseFixture({ status: 3, isResearch: true, orders: [delivered] }), MANAGER);
    server.use(
      apiHandler(routes.deleteDelivery, () =>
        HttpResponse.json({ detail: 'This analysis is in progress.', code: 'conflict' }, { status: 409 }),
      ),
    );
    expect(await findButton('Obsolete delivery')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Undeliver' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Undeliver' }));
    expect(await within(dialog).findByText('This analysis is in progress.')).toBeInTheDocument();
  });

  it('shows the physician only Share and Cancel, with the way back to the list', async () => {
    showCase(caseFixture({ status: 0, canBeCanceled: true }), [P.addSharedCase, P.cancelCase, P.addOrder]);
    const actions = await screen.findByRole('group', { name: 'Case actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Share', 'Order simulation', 'Cancel case']);
    expect(screen.queryByRole('button', { name: 'Deliver' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cases' })).toHaveAttribute('href', '/cases');
    await user.click(within(actions).getByRole('button', { name: 'Cancel case' }));
    expect(await screen.findByRole('dialog', { name: /Cancel case HVC-TAVI-00042/ })).toBeInTheDocument();
  });

  it('after invalid input shows the reasons, the upload box again and Cancel case', async () => {
    server.use(
      apiHandler(routes.listInputData, () =>
        HttpResponse.json(
          page([
            inputDataFixture({
              id: 'e0000000-0000-4000-8000-000000000001',
              caseId: CASE_ID,
              status: InputDataStatus.INVALID,
              reasons: ['No CT series found in the zip.'],
            }),
          ]),
        ),
      ),
    );
    showCase(caseFixture({ status: 5, canBeCanceled: true }), [P.cancelCase, P.addInputData]);
    expect(await screen.findByText('No CT series found in the zip.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upload the images again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel case' })).toBeEnabled();
  });
});
