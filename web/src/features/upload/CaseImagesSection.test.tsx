import { type Case, routes } from '@cardiomap/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { storageHandler } from '../../testing/storage-handler.ts';
import { CASE_ID, caseFixture, page } from '../cases/testing/case-fixtures.ts';
import { inputDataFixture } from './testing/input-data-fixtures.ts';

setUpMockApi();
// An in-progress case lists what the ingest warned of; tests that care answer with their own uploads.
beforeEach(() => server.use(apiHandler(routes.listInputData, () => HttpResponse.json(page([])))));
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();
const PATH = `/case-detail/${CASE_ID}/details`;
const WRITE_URL = '/api/storage/objects/upload-1?signature=abc';

// Named after the fixture's case (HVC-TAVI-00042), in other letters: the match ignores case (spec §5).
const zip = (size = 2_000_000, name = 'hvc-tavi-00042.zip') =>
  new File([new Uint8Array(size)], name, { type: 'application/zip' });

interface Api {
  created: unknown[];
  puts: number;
  confirms: number;
}

/**
 * A case page with the upload endpoints. `put` answers the PUT to the signed URL; after a successful
 * confirmation the case answers SUBMITTED, as the server moves it on.
 */
function showCase(
  kase: Partial<Case> = {},
  options: {
    flags?: Parameters<typeof signInAs>[0];
    put?: (request: Request) => Promise<Response> | Response;
    confirm?: () => Promise<Response> | Response;
  } = {},
) {
  signInAs({ canAccessCaseDetails: true, canAddInputData: true, ...options.flags });
  const api: Api = { created: [], puts: 0, confirms: 0 };
  let current = caseFixture({ status: 0, services: [{ service: 0, status: 0 }], ...kase });
  server.use(
    apiHandler(routes.getCase, () => HttpResponse.json(current)),
    apiHandler(routes.createInputData, async ({ request }) => {
      api.created.push(await request.json());
      return HttpResponse.json(
        { ...inputDataFixture({ uploadSuccessful: false }), writeUrl: WRITE_URL, parts: null },
        {
          status: 201,
        },
      );
    }),
    storageHandler('PUT', '*/api/storage/objects/:key', ({ request }) => {
      api.puts++;
      return options.put ? options.put(request) : new HttpResponse(null, { status: 200 });
    }),
    apiHandler(routes.confirmUpload, async () => {
      api.confirms++;
      if (options.confirm) return options.confirm();
      current = { ...current, status: 1 };
      return HttpResponse.json(inputDataFixture());
    }),
  );
  return { ...renderApp(PATH), api };
}

const fileInput = () => screen.getByLabelText('Zip file of the CT images');
const chosen = () => screen.getByRole('group', { name: 'Chosen file' });
const toast = () => screen.findByTestId('toast');
/** A PUT that never answers until the client aborts it. */
const hang = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted'))));

describe('upload box on case detail (spec §2, §4 Upload, §5, §8)', () => {
  it('uploads a zip: registers it with its size, PUTs it, confirms, and the case reloads as submitted', async () => {
    const { api } = showCase();
    const zone = await screen.findByRole('button', { name: /Drop the zip of the CT images here/ });
    expect(zone).toBeInTheDocument();
    await user.upload(fileInput(), zip());
    expect(chosen()).toHaveTextContent('hvc-tavi-00042.zip (2.0 MB)');
    expect(within(chosen()).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(chosen()).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Images uploaded: processing is under way')).toBeInTheDocument();
    expect(screen.getByText('Processing usually takes 5-10 minutes.')).toBeInTheDocument();
    expect(api.created).toEqual([
      {
        caseId: CASE_ID,
        filename: 'hvc-tavi-00042.zip',
        metadata: { mimeType: 'application/zip' },
        size: 2_000_000,
      },
    ]);
    expect(api.puts).toBe(1);
    expect(api.confirms).toBe(1);
    expect(screen.queryByRole('button', { name: /Drop the zip/ })).not.toBeInTheDocument();
  });

  it('shows the processing phase while the server confirms', async () => {
    let answer: (() => void) | undefined;
    showCase(
      {},
      {
        confirm: () =>
          new Promise((resolve) => {
            answer = () => resolve(HttpResponse.json(inputDataFixture()));
          }),
      },
    );
    await user.upload(await screen.findByLabelText('Zip file of the CT images'), zip());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const processing = await screen.findByTestId('upload-processing');
    expect(processing).toHaveTextContent('Processing upload');
    expect(processing).toHaveTextContent('Processing usually takes 5-10 minutes.');
    expect(within(processing).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    answer?.();
    await waitFor(() => expect(screen.queryByText('Processing upload')).not.toBeInTheDocument());
  });

  it("warns about a file that is no zip and too small, and 'Cancel' sends nothing", async () => {
    const { api } = showCase();
    await user.upload(await screen.findByLabelText('Zip file of the CT images'), zip(48_213, 'notes.txt'));
    expect(within(chosen()).getByText("This doesn't look like a zip file.")).toBeInTheDocument();
    expect(within(chosen()).getByText('This file seems too small. (48 kB)')).toBeInTheDocument();
    await user.click(within(chosen()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /Drop the zip/ })).toBeInTheDocument();
    expect(api.created).toHaveLength(0);
  });

  it('warns when the file is not named after the case, and still uploads it when asked', async () => {
    const { api } = showCase();
    await user.upload(await screen.findByLabelText('Zip file of the CT images'), zip(2_000_000, 'HVC-TAVI-00043.zip'));
    expect(within(chosen()).getByRole('alert')).toHaveTextContent(
      "This file's name does not contain the case id HVC-TAVI-00042. Make sure these are the images of this case.",
    );
    await user.click(within(chosen()).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Images uploaded: processing is under way')).toBeInTheDocument();
    expect(api.created).toMatchObject([{ filename: 'HVC-TAVI-00043.zip' }]);
  });

  it('accepts a dropped file', async () => {
    showCase();
    const zone = await screen.findByRole('button', { name: /Drop the zip/ });
    fireEvent.drop(zone, { dataTransfer: { files: [zip(999_999)] } });
    expect(await screen.findByText('This file seems too small. (999 kB)')).toBeInTheDocument();
    expect(screen.queryByText("This doesn't look like a zip file.")).not.toBeInTheDocument();
  });

  it('explains how to make a zip on Windows and on a Mac', async () => {
    showCase();
    await user.click(await screen.findByRole('button', { name: 'How to make a zip file' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to make a zip file' });
    expect(within(dialog).getByRole('heading', { name: 'Windows' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Mac' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'How to make a zip file' })).not.toBeInTheDocument(),
    );
  });

  it("cancels midway: 'Upload cancelled by user', the file is cleared and nothing is confirmed", async () => {
    const { api } = showCase({}, { put: hang });
    await user.upload(await screen.findByLabelText('Zip file of the CT images'), zip());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Uploading hvc-tavi-00042.zip: 0%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Uploading hvc-tavi-00042.zip/ })).toBeInTheDocument();
    await waitFor(() => expect(api.puts).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await toast()).toHaveTextContent('Upload cancelled by user');
    expect(screen.getByRole('button', { name: /Drop the zip/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Chosen file' })).not.toBeInTheDocument();
    expect(api.confirms).toBe(0);
  });

  it("says 'Upload failed! Please try again' on a refused PUT, still confirms, and keeps the file to retry", async () => {
    const { api } = showCase(
      {},
      {
        put: () => new HttpResponse(null, { status: 403 }),
        confirm: () => HttpResponse.json(inputDataFixture({ uploadSuccessful: false })),
      },
    );
    await user.upload(await screen.findByLabelText('Zip file of the CT images'), zip());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await toast()).toHaveTextContent('Upload failed! Please try again');
    expect(api.confirms).toBe(1);
    expect(chosen()).toHaveTextContent('hvc-tavi-00042.zip');
    await user.click(within(chosen()).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.created).toHaveLength(2));
  });

  it('asks before leaving the case while uploading; staying keeps the upload, leaving cancels it', async () => {
    const view = showCase({}, { put: hang });
    // The page it leaves for.
    server.use(apiHandler(routes.organisationContacts, () => HttpResponse.json([])));
    await user.upload(await screen.findByLabelText('Zip file of the CT images'), zip());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('Uploading hvc-tavi-00042.zip: 0%');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    void view.router.navigate('/contact');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('Your images are still uploading. Leaving this page cancels the upload.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(view.location()).toBe(PATH);
    expect(screen.getByText('Uploading hvc-tavi-00042.zip: 0%')).toBeInTheDocument();

    void view.router.navigate('/contact');
    await user.click(await screen.findByRole('button', { name: 'Leave and cancel upload' }));
    await waitFor(() => expect(view.location()).toBe('/contact'));
    expect(await toast()).toHaveTextContent('Upload cancelled by user');
    expect(view.api.confirms).toBe(0);
  });

  it('keeps uploading when switching to the Jobs tab', async () => {
    const view = showCase({}, { put: hang });
    server.use(
      apiHandler(routes.listJobs, () => HttpResponse.json(page([]))),
      apiHandler(routes.listInputData, () => HttpResponse.json(page([]))),
    );
    await user.upload(await screen.findByLabelText('Zip file of the CT images'), zip());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('Uploading hvc-tavi-00042.zip: 0%');
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await waitFor(() => expect(view.location()).toBe(`/case-detail/${CASE_ID}/jobs`));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(await screen.findByText('Uploading hvc-tavi-00042.zip: 0%')).toBeInTheDocument();
  });

  it('shows no upload box to users who may not add input data', async () => {
    showCase({}, { flags: { canAddInputData: false } });
    await screen.findByLabelText('Patient information');
    expect(screen.queryByRole('button', { name: /Drop the zip/ })).not.toBeInTheDocument();
  });

  it.each([
    [1, 'Images uploaded: processing is under way'],
    [2, 'Images uploaded!'],
  ])('shows no upload box for a case in status %i, but says %j', async (status, text) => {
    showCase({ status });
    expect(await screen.findByTestId('images-state')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: /Drop the zip/ })).not.toBeInTheDocument();
  });

  it('shows what the ingest warned of beside "Images uploaded!": planning quality, a duplicate set aside', async () => {
    const thick =
      'Planning quality: the slices are 3 mm thick, above the 1.25 mm planning needs; leaflets, calcium and small ' +
      'ostia may measure less accurately. Upload a thin-slice reconstruction (at most 1.25 mm) when one exists';
    const duplicate =
      '1 image repeated the position of another and was set aside: IM0005.dcm (same position as IM0004.dcm)';
    server.use(
      apiHandler(routes.listInputData, () =>
        HttpResponse.json(
          page([
            inputDataFixture({ status: 3, warnings: [thick, duplicate] }),
            // An upload whose run found nothing: its words are not about the images in use.
            inputDataFixture({ id: 'd0000000-0000-4000-8000-0000000000ab', status: 4, warnings: ['stale'] }),
          ]),
        ),
      ),
    );
    showCase({ status: 2 });
    const warnings = await screen.findByTestId('image-warnings');
    expect(warnings).toHaveTextContent('Planning quality of the images');
    const items = within(warnings)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([thick, duplicate]);
    expect(screen.getByTestId('images-state')).toHaveTextContent('Images uploaded!');
  });

  it("polls a submitted case until it is in progress, then says 'Images uploaded!'", async () => {
    let reads = 0;
    showCase({ status: 1 });
    server.use(
      apiHandler(routes.getCase, () => {
        reads++;
        return HttpResponse.json(caseFixture({ status: reads === 1 ? 1 : 2 }));
      }),
    );
    expect(await screen.findByTestId('images-state')).toHaveTextContent('processing is under way');
    await waitFor(() => expect(screen.getByTestId('images-state')).toHaveTextContent('Images uploaded!'), {
      timeout: 7000,
    });
  });

  it('shows the clinician why the uploaded images cannot be used (status 5)', async () => {
    let query = '';
    server.use(
      apiHandler(routes.listInputData, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(
          page([
            inputDataFixture({
              status: 4,
              reasons: ['No CT images were found in the zip.', 'All 12 files are dose reports.'],
            }),
          ]),
        );
      }),
    );
    showCase({ status: 5 });
    const notice = await screen.findByTestId('images-state');
    expect(notice).toHaveTextContent('The uploaded images cannot be used');
    const reasons = await within(notice).findByRole('list', { name: 'Reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['No CT images were found in the zip.', 'All 12 files are dose reports.']);
    expect(query).toContain(`case_id=${CASE_ID}`);
    // Issue 17 §1: the physician uploads again from the same page.
    expect(screen.getByRole('heading', { name: 'Upload the images again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Drop the zip/ })).toBeInTheDocument();
  });

  it('offers no new upload after invalid input to users who may not add images', async () => {
    server.use(apiHandler(routes.listInputData, () => HttpResponse.json(page([]))));
    showCase({ status: 5 }, { flags: { canAddInputData: false } });
    expect(await screen.findByTestId('images-state')).toHaveTextContent('The uploaded images cannot be used');
    expect(screen.queryByRole('button', { name: /Drop the zip/ })).not.toBeInTheDocument();
  });
});
