import { type InputData, type Job, routes } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { CASE_ID, caseFixture, page } from '../cases/testing/case-fixtures.ts';
import { inputDataFixture } from '../upload/testing/input-data-fixtures.ts';
import { JOB_ID, jobFixture, reportLine } from './testing/job-fixtures.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();
const PATH = `/case-detail/${CASE_ID}/jobs`;

/** The Jobs tab of a case, with `jobs` answering GET jobs/ (called once per request) and the uploads. */
/** Staff (who may read job logs) unless a test signs in as a clinician. */
const STAFF = { canAccessCaseDetails: true, permissions: [PERMISSIONS.viewUnpublishedResults] };

function showJobs(
  jobs: () => Job[] | Response,
  inputData: InputData[] = [],
  flags: Parameters<typeof signInAs>[0] = STAFF,
) {
  signInAs(flags);
  const requests = { jobs: [] as string[], caseReads: 0 };
  server.use(
    apiHandler(routes.getCase, () => {
      requests.caseReads++;
      return HttpResponse.json(caseFixture());
    }),
    apiHandler(routes.listJobs, ({ request }) => {
      requests.jobs.push(new URL(request.url).search);
      const answer = jobs();
      return answer instanceof Response ? answer : HttpResponse.json(page(answer));
    }),
    apiHandler(routes.listInputData, () => HttpResponse.json(page(inputData))),
  );
  return { ...renderApp(PATH), requests };
}

const jobCard = () => screen.findByRole('region', { name: 'Ingest DICOM job' });

describe('case detail Jobs tab (spec §2 case-detail-jobs, §3 Job, §7 jobs)', () => {
  it('shows each job with type, queue, status, times, duration, attempts, summary and log', async () => {
    const { requests } = showJobs(() => [jobFixture()]);
    const card = await jobCard();
    expect(within(card).getByTestId('job-status')).toHaveTextContent('Completed');
    expect(card).toHaveTextContent('Queueimaging');
    expect(card).toHaveTextContent('Duration12.4 s');
    expect(card).toHaveTextContent('Attempts1');
    expect(card).toHaveTextContent('134 of 136 files used, 2 set aside — Volume ready');
    expect(within(card).getByRole('list', { name: 'Warnings' })).toHaveTextContent(
      '2 files are not CT images and were set aside.',
    );
    expect(requests.jobs[0]).toContain(`case_id=${CASE_ID}`);
    expect(within(card).queryByRole('list', { name: 'Log' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Log (2 lines)' }));
    const log = await within(card).findByRole('list', { name: 'Log' });
    expect(log).toHaveTextContent('Reading scan.zip (136 entries)');
    expect(log).toHaveTextContent('Volume ready: 512×512×134');
    expect(within(card).queryByRole('button', { name: 'Terminate' })).not.toBeInTheDocument();
  });

  it('shows a physician a plain account of the job: no queue, attempts or engineering log', async () => {
    showJobs(() => [jobFixture({ jobType: { ...jobFixture().jobType, name: 'ingest' } })], [], {
      canAccessCaseDetails: true,
      permissions: [PERMISSIONS.viewCaseDetails, PERMISSIONS.processNonResearchCase],
    });
    const card = await screen.findByRole('region', { name: 'Image processing job' });
    expect(within(card).getByTestId('job-status')).toHaveTextContent('Completed');
    expect(card).toHaveTextContent('134 of 136 files used, 2 set aside — Volume ready');
    expect(card).not.toHaveTextContent('Queue');
    expect(card).not.toHaveTextContent('Attempts');
    expect(within(card).queryByRole('button', { name: /^Log/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Per-file report' })).toBeInTheDocument();
  });

  it("shows a failed job's reasons", async () => {
    showJobs(() => [
      jobFixture({
        status: 3,
        summary: {
          filesTotal: 3,
          filesUsed: 0,
          filesSetAside: 3,
          outcome: 'No usable series',
          reasons: ['No CT images were found in the zip.'],
          warnings: [],
        },
      }),
    ]);
    const card = await jobCard();
    expect(within(card).getByTestId('job-status')).toHaveTextContent('Failed');
    expect(within(card).getByRole('list', { name: 'Reasons' })).toHaveTextContent(
      'No CT images were found in the zip.',
    );
  });

  it("says 'No jobs yet' when the case has none", async () => {
    showJobs(() => []);
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
  });

  it('offers a retry when the jobs cannot be loaded', async () => {
    let calls = 0;
    showJobs(() =>
      ++calls === 1 ? HttpResponse.json({ detail: 'Forbidden', code: 'x' }, { status: 403 }) : [jobFixture()],
    );
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await jobCard()).toBeInTheDocument();
  });

  it('polls every 3 s while a job is running and stops once all have finished', async () => {
    const { requests } = showJobs(() =>
      requests.jobs.length === 1 ? [jobFixture({ status: 1, dateFinished: null })] : [jobFixture()],
    );
    const card = await jobCard();
    expect(within(card).getByTestId('job-status')).toHaveTextContent('Running');
    await waitFor(() => expect(within(card).getByTestId('job-status')).toHaveTextContent('Completed'), {
      timeout: 5000,
    });
    expect(requests.jobs).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(requests.jobs).toHaveLength(2);
  });

  it('terminates a running job after confirmation, then shows it terminated', async () => {
    let terminated = 0;
    server.use(
      apiHandler(routes.terminateJob, ({ params }) => {
        terminated++;
        expect(params.id).toBe(JOB_ID);
        return HttpResponse.json(jobFixture({ status: 4 }));
      }),
    );
    showJobs(() =>
      terminated ? [jobFixture({ status: 4 })] : [jobFixture({ status: 1, dateFinished: null, canTerminate: true })],
    );
    const card = await jobCard();
    await user.click(within(card).getByRole('button', { name: 'Terminate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate Ingest DICOM?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep running' }));
    expect(terminated).toBe(0);
    await user.click(within(card).getByRole('button', { name: 'Terminate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Terminate' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Job terminated');
    await waitFor(() => expect(within(card).getByTestId('job-status')).toHaveTextContent('Terminated'));
    expect(terminated).toBe(1);
    expect(within(card).queryByRole('button', { name: 'Terminate' })).not.toBeInTheDocument();
  });

  it('processes an upload again with the series staff choose', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.reingestInputData, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(jobFixture({ id: 'b0000000-0000-4000-8000-000000000002', status: 0 }), {
          status: 202,
        });
      }),
    );
    const series = (key: string, overrides = {}) => ({
      key,
      description: 'Ax 0.6 CTA',
      sliceCount: 134,
      rows: 512,
      columns: 512,
      spacing: [0.4, 0.4, 0.6],
      orientation: 'axial',
      isContrastEnhanced: true,
      isChosen: false,
      note: null,
      gap: null,
      ...overrides,
    });
    const { requests } = showJobs(
      () => [jobFixture()],
      [
        inputDataFixture({
          canReprocess: true,
          series: [
            series('s1', { isChosen: true }),
            series('s2', { description: 'Ax 3.0 native', sliceCount: 40, isContrastEnhanced: false }),
          ],
        }),
      ],
    );
    await jobCard();
    await user.click(screen.getByRole('button', { name: 'Process again: scan.zip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process scan.zip again' });
    expect(
      within(dialog).getByRole('radio', {
        name: /Ax 0.6 CTA, 134 slices, 512×512, 0.4 × 0.4 × 0.6 mm, axial, contrast, chosen now/,
      }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Ax 3.0 native, 40 slices.*no contrast/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Process again' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Processing started again');
    expect(bodies).toEqual([{ seriesKey: 's2' }]);
    await waitFor(() => expect(requests.jobs.length).toBeGreaterThanOrEqual(2));
    // A rerun may move the case on (invalid input back to submitted): the case reloads too.
    await waitFor(() => expect(requests.caseReads).toBe(2));
  });

  it('sends no series for the automatic choice, and offers nothing for uploads that may not be reprocessed', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.reingestInputData, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(jobFixture({ status: 0 }), { status: 202 });
      }),
    );
    showJobs(
      () => [jobFixture()],
      [
        inputDataFixture({ canReprocess: true }),
        inputDataFixture({ id: 'd0000000-0000-4000-8000-0000000000ab', filename: 'other.zip' }),
      ],
    );
    await jobCard();
    expect(screen.queryByRole('button', { name: 'Process again: other.zip' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Process again: scan.zip' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Automatic choice' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Process again' }));
    await waitFor(() => expect(bodies).toEqual([{ seriesKey: null }]));
  });

  it('asks staff to acknowledge the gap of a gapped series before processing it again, and sends it', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.reingestInputData, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(jobFixture({ status: 0 }), { status: 202 });
      }),
    );
    const gap =
      'a gap of 54 mm between slice 4 (z = -120 mm) and slice 5 (z = -66 mm) of 10; its slices are otherwise 3 mm apart';
    const candidate = {
      description: 'Ax 3.0',
      sliceCount: 10,
      rows: 512,
      columns: 512,
      spacing: [0.7, 0.7, 3],
      orientation: 'axial',
      isContrastEnhanced: true,
      isChosen: false,
      note: null,
    };
    showJobs(
      () => [jobFixture()],
      [
        inputDataFixture({
          canReprocess: true,
          status: 4,
          series: [
            { ...candidate, key: 'gapped', gap },
            { ...candidate, key: 'scout', spacing: null, gap: null, note: 'a volume needs at least two slices' },
          ],
        }),
      ],
    );
    await jobCard();
    await user.click(screen.getByRole('button', { name: 'Process again: scan.zip' }));
    const dialog = await screen.findByRole('dialog');
    // The automatic choice would take the gapped series: its gap is told, and must be acknowledged.
    const warning = within(dialog).getByTestId('gap-acknowledgement');
    expect(warning).toHaveTextContent(`It has ${gap}.`);
    const processAgain = within(dialog).getByRole('button', { name: 'Process again' });
    expect(processAgain).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Ax 3\.0, 10 slices.*slices missing \(gap\)/ }));
    const acknowledge = within(dialog).getByRole('checkbox', { name: /I acknowledge the gap/ });
    await user.click(acknowledge);
    expect(processAgain).toBeEnabled();
    // Another series has no gap: nothing to acknowledge, and the tick does not carry over.
    await user.click(within(dialog).getByRole('radio', { name: /a volume needs at least two slices/ }));
    expect(within(dialog).queryByTestId('gap-acknowledgement')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /slices missing \(gap\)/ }));
    expect(within(dialog).getByRole('checkbox', { name: /I acknowledge the gap/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /I acknowledge the gap/ }));
    await user.click(processAgain);
    await waitFor(() => expect(bodies).toEqual([{ seriesKey: 'gapped', acknowledgeGaps: true }]));
  });

  it('pages and filters the per-file report on the server, and downloads it as CSV', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      apiHandler(routes.listJobResources, ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        if (query.get('download') === 'true') {
          // The CSV download is the one answer of this route that the contract's JSON types do not describe.
          return new HttpResponse<string>('path,bytes,outcome\nDICOM/IM00001,526000,used\n', {
            headers: { 'content-type': 'text/csv' },
          }) as HttpResponse<never>;
        }
        const pageNo = Number(query.get('page'));
        const outcome = query.get('outcome');
        const lines =
          outcome === 'set-aside'
            ? [reportLine(900, { outcome: 'set-aside', reason: 'Dose report (not an image)', path: 'DICOM/DOSE' })]
            : Array.from({ length: pageNo === 1 ? 15 : 5 }, (_, i) => reportLine((pageNo - 1) * 15 + i + 1));
        return HttpResponse.json({ count: outcome ? lines.length : 20, next: null, previous: null, results: lines });
      }),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    // Followed for real, the blob link would move the test window away from the app's origin.
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    showJobs(() => [jobFixture()]);
    const card = await jobCard();
    await user.click(within(card).getByRole('button', { name: 'Per-file report' }));
    const table = await within(card).findByRole('table', { name: 'Per-file report' });
    expect(await within(table).findByText('DICOM/IM00001')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(16);
    expect(queries[0]?.get('job_id')).toBe(JOB_ID);
    expect(queries[0]?.get('page')).toBe('1');
    expect(queries[0]?.get('page_size')).toBe('15');
    expect(within(card).getByText('1–15 of 20')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('DICOM/IM00016')).toBeInTheDocument();
    expect(queries.at(-1)?.get('page')).toBe('2');

    await user.click(within(card).getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Set aside' }));
    expect(await within(table).findByText('Dose report (not an image)')).toBeInTheDocument();
    expect(queries.at(-1)?.get('outcome')).toBe('set-aside');
    expect(queries.at(-1)?.get('page')).toBe('1');

    await user.click(within(card).getByRole('button', { name: 'Download report (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(queries.at(-1)?.get('download')).toBe('true');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:report');
    expect(save).toHaveBeenCalledTimes(1);
  });

  describe('downloading an upload', () => {
    /** GET input-data/{id}/?download=true answers `answer`; the links the page follows are recorded. */
    function answerDownload(answer: () => Response) {
      const queries: URLSearchParams[] = [];
      server.use(
        apiHandler(routes.getInputData, ({ request }) => {
          queries.push(new URL(request.url).searchParams);
          return answer();
        }),
      );
      const followed: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        followed.push(this.getAttribute('href') ?? '');
      });
      return { queries, followed };
    }

    it('gives staff the pseudonymised copy and says so before the click', async () => {
      const { queries, followed } = answerDownload(() =>
        HttpResponse.json(inputDataFixture({ readUrl: '/objects/fresh-pseudonymised', readUrlFile: 'pseudonymised' })),
      );
      showJobs(() => [jobFixture()], [inputDataFixture({ readUrl: '/objects/old', readUrlFile: 'pseudonymised' })]);
      const button = await screen.findByRole('button', { name: 'Download pseudonymised: scan.zip' });
      await user.hover(button);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        "The de-identified DICOM files made from this upload: the case identifier replaces the patient's name and ID.",
      );
      await user.click(button);
      // A fresh signed link, asked for with download=true, not the listed one that may have expired.
      await waitFor(() => expect(followed).toEqual(['/objects/fresh-pseudonymised']));
      expect(queries[0]?.get('download')).toBe('true');
    });

    it('gives the clinicians of the case the upload as they sent it', async () => {
      const { followed } = answerDownload(() =>
        HttpResponse.json(inputDataFixture({ readUrl: '/objects/original', readUrlFile: 'original' })),
      );
      showJobs(() => [jobFixture()], [inputDataFixture({ readUrl: '/objects/original', readUrlFile: 'original' })]);
      const button = await screen.findByRole('button', { name: 'Download as uploaded: scan.zip' });
      await user.hover(button);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        "The zip exactly as it was uploaded. It holds the patient's identity.",
      );
      expect(screen.queryByRole('button', { name: 'Process again: scan.zip' })).not.toBeInTheDocument();
      await user.click(button);
      await waitFor(() => expect(followed).toEqual(['/objects/original']));
    });

    it('says why when the pseudonymised copy is gone, and offers nothing to those without a download', async () => {
      const detail =
        'The pseudonymised images are not available: they are made when the upload has been processed successfully.';
      const { followed } = answerDownload(() => HttpResponse.json({ detail, code: 'conflict' }, { status: 409 }));
      showJobs(
        () => [jobFixture()],
        [
          inputDataFixture({ readUrl: '/objects/old', readUrlFile: 'pseudonymised' }),
          inputDataFixture({ id: 'd0000000-0000-4000-8000-0000000000ab', filename: 'other.zip' }),
        ],
      );
      await user.click(await screen.findByRole('button', { name: 'Download pseudonymised: scan.zip' }));
      expect(await screen.findByTestId('toast')).toHaveTextContent(detail);
      expect(followed).toEqual([]);
      expect(screen.queryByRole('button', { name: /other\.zip/ })).not.toBeInTheDocument();
    });
  });
});
