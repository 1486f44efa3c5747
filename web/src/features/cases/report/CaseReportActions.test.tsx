import { type ReportStatus, routes } from '@cardiomap/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { CASE_ID, caseFixture } from '../testing/case-fixtures.ts';
import { CaseReportActions } from './CaseReportActions.tsx';
import { DOWNLOAD_REPORT_TOOLTIP, MISSING_REPORT_FILE, REPORT_UP_TO_DATE } from './report-messages.ts';

vi.setConfig({ testTimeout: 30_000 });
setUpMockApi();

const STUDY_ID = '5a000000-0000-4000-8000-000000000001';
const kase = caseFixture({ id: CASE_ID, studyId: STUDY_ID, hasDeliveredOrder: true });
const report = {
  id: 'd3000000-0000-4000-8000-000000000001',
  studyId: STUDY_ID,
  name: 'PDF report',
  filename: 'HVC-TAVI-00001-report.pdf',
  type: 3,
  metadata: { mimeType: 'application/pdf' },
  size: 1000,
  attributes: {},
  sourceVersion: '0.1.0',
  sourceClient: 'cardiomap-server',
  dateCreated: '2026-11-26T10:00:00Z',
  readUrl: '/files/report.pdf',
};
const status = (overrides: Partial<ReportStatus> = {}): ReportStatus => ({
  studyId: STUDY_ID,
  generating: false,
  progress: 0,
  error: null,
  analysisVersion: 1,
  report: null,
  isOutdated: false,
  canGenerate: false,
  ...overrides,
});

function show(answers: ReportStatus[] | (() => Response)) {
  signInAs();
  let call = 0;
  server.use(
    apiHandler(routes.getStudyReport, () => {
      if (typeof answers === 'function') return answers();
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return HttpResponse.json(answer);
    }),
  );
  return renderInApp(<CaseReportActions kase={kase} />);
}

describe('CaseReportActions (spec §2 report button, issue 18 §3)', () => {
  it("a clinician downloads the report; the button's tooltip says so", async () => {
    const user = userEvent.setup();
    show([status({ report })]);
    const button = await screen.findByRole('button', { name: DOWNLOAD_REPORT_TOOLTIP });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(DOWNLOAD_REPORT_TOOLTIP);
    expect(screen.queryByRole('button', { name: 'Generate report' })).not.toBeInTheDocument();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(button);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('HVC-TAVI-00001-report.pdf');
    click.mockRestore();
  });

  it('downloads through a link asked for at the click, not the one the page got minutes before', async () => {
    const user = userEvent.setup();
    show([status({ report }), status({ report: { ...report, readUrl: '/files/report.pdf?sig=fresh' } })]);
    const button = await screen.findByRole('button', { name: DOWNLOAD_REPORT_TOOLTIP });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(button);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).getAttribute('href')).toBe(
      '/files/report.pdf?sig=fresh',
    );
    click.mockRestore();
  });

  it('says the file is missing when the report has no read URL (spec §8)', async () => {
    const user = userEvent.setup();
    show([status({ report: { ...report, readUrl: null } })]);
    await user.click(await screen.findByRole('button', { name: DOWNLOAD_REPORT_TOOLTIP }));
    expect(await screen.findByText(MISSING_REPORT_FILE)).toBeInTheDocument();
  });

  it('staff generate: the request is sent, progress shows while generating, then the report is there', async () => {
    const user = userEvent.setup();
    let body: unknown;
    show([
      status({ canGenerate: true }),
      status({ canGenerate: true, generating: true, progress: 50 }),
      status({ canGenerate: true, report }),
    ]);
    server.use(
      apiHandler(routes.generateStudyReport, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { ...status({ canGenerate: true, generating: true, progress: 10 }), outcome: 'queued' },
          { status: 202 },
        );
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Generate report' }));
    expect(body).toEqual({ studyId: STUDY_ID });
    expect(await screen.findByRole('status')).toHaveTextContent(/Generating report… \d+%/);
    expect(screen.getByRole('button', { name: 'Generate report' })).toBeDisabled();
    expect(
      await screen.findByRole('button', { name: DOWNLOAD_REPORT_TOOLTIP }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('staff generate with nothing changed: told the report is up to date (issue 30 §6)', async () => {
    const user = userEvent.setup();
    show([status({ canGenerate: true, report })]);
    server.use(
      apiHandler(routes.generateStudyReport, () =>
        HttpResponse.json({ ...status({ canGenerate: true, report }), outcome: 'up-to-date' }, { status: 202 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Generate report' }));
    expect(await screen.findByText(REPORT_UP_TO_DATE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate report' })).toBeEnabled();
    expect(screen.getByRole('button', { name: DOWNLOAD_REPORT_TOOLTIP })).toBeInTheDocument();
  });

  it('a queued generation says nothing of being up to date', async () => {
    const user = userEvent.setup();
    show([status({ canGenerate: true, report, isOutdated: true }), status({ canGenerate: true, report })]);
    let posted = false;
    server.use(
      apiHandler(routes.generateStudyReport, () => {
        posted = true;
        return HttpResponse.json(
          { ...status({ canGenerate: true, report, generating: true }), outcome: 'queued' },
          { status: 202 },
        );
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Generate report' }));
    await waitFor(() => expect(posted).toBe(true));
    expect(await screen.findByRole('status')).toHaveTextContent(/Generating report/);
    expect(screen.queryByText(REPORT_UP_TO_DATE)).not.toBeInTheDocument();
  });

  it("shows a generation's error and turns the generating state off (spec §8)", async () => {
    show([status({ canGenerate: true, error: 'The report could not be generated. Please try again.' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not be generated. Please try again.');
    expect(screen.getByRole('button', { name: 'Generate report' })).toBeEnabled();
  });

  it("a refused generation shows the API's message", async () => {
    const user = userEvent.setup();
    show([status({ canGenerate: true })]);
    server.use(
      apiHandler(routes.generateStudyReport, () =>
        HttpResponse.json(
          { detail: 'There is no delivered analysis to report yet.', code: 'nothing_delivered' },
          { status: 409 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Generate report' }));
    expect(await screen.findByText('There is no delivered analysis to report yet.')).toBeInTheDocument();
  });

  it('shows nothing to who may not see the report', async () => {
    show(() => HttpResponse.json({ detail: 'No.', code: 'permission_denied' }, { status: 403 }));
    await waitFor(() => expect(screen.queryByText('Loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: DOWNLOAD_REPORT_TOOLTIP })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate report' })).not.toBeInTheDocument();
  });
});
