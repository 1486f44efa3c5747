import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signedInPage, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  ApiAs,
  caseStatusOf,
  createCaseByApi,
  fileOfSize,
  hasRealSeries,
  inputDataOf,
  REAL_SERIES_DIR,
  throttleUpload,
  zipFolder,
  zipOfTextFiles,
} from '../support/imaging.ts';

const PHYSICIAN = 'physician@cardiomap.test';
const ANALYST = 'case-analyst@cardiomap.test';
const CREATED = 0;
/** Ingest of the real series takes seconds; a loaded 2-core machine running other tests may need far more. */
const INGEST_TIMEOUT = 120_000;

/** Signs in as the physician, makes a new Created case and opens its Details tab. */
async function openNewCase(page: Page, label: string): Promise<{ api: ApiAs; caseId: string; caseIdentifier: string }> {
  await signIn(page, PHYSICIAN);
  const api = await ApiAs.of(page);
  const { id, caseIdentifier } = await createCaseByApi(api, `E2E-IMG-${label}-${Date.now()}`);
  await page.goto(`/case-detail/${id}/details`);
  await expect(page.getByTestId('case-status')).toHaveText('Created');
  await expect(page.getByTestId('upload-drop-zone')).toBeVisible();
  return { api, caseId: id, caseIdentifier };
}

/** A second user in a context of their own, signed in through the form. */

const fileInput = (page: Page) => page.getByLabel('Zip file of the CT images');
const chosenFile = (page: Page) => page.getByRole('group', { name: 'Chosen file' });
const uploadProgress = (page: Page) => page.getByRole('progressbar', { name: /^Uploading / });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('the real 134-slice series uploads with progress, is ingested, and the Jobs tab reports it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!hasRealSeries(), `The real series is missing (${REAL_SERIES_DIR}): nothing to upload.`);
  test.setTimeout(INGEST_TIMEOUT + 60_000);
  const { caseId, caseIdentifier } = await openNewCase(page, 'SERIES');
  // Named after its case, as the upload asks: no warning at all.
  const zipName = `${caseIdentifier}-philips-134.zip`;
  const zipPath = await zipFolder(REAL_SERIES_DIR, testInfo.outputPath(zipName));

  // Confirmation is held until the test has seen the 'Processing upload' phase it opens, which on a
  // fast machine may otherwise last a moment too short to observe.
  let releaseConfirm = () => {};
  const confirmHeld = new Promise<void>((resolve) => {
    releaseConfirm = resolve;
  });
  await page.route('**/api/input-data/*/confirm-upload/', async (route) => {
    await confirmHeld;
    await route.continue();
  });
  // ~31 MB at 8 MB/s: a few seconds in which the bar visibly moves.
  const cdp = await throttleUpload(page, 8_000_000);

  // Picked with the system file chooser that the drop zone (a real button) opens.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('upload-drop-zone').click();
  await (await chooser).setFiles(zipPath);
  await expect(chosenFile(page)).toContainText(zipName);
  await expect(chosenFile(page).getByRole('alert')).toHaveCount(0);
  await chosenFile(page).getByRole('button', { name: 'Upload' }).click();

  // The bar moves: a value strictly between 0 and 100, in words and on the bar, then a larger one.
  await expect(page.getByText(new RegExp(`^Uploading ${caseIdentifier}-philips-134\\.zip: [1-9]\\d?%$`))).toBeVisible();
  const bar = uploadProgress(page);
  // Read in one step in the page, so that a slow read on a loaded machine is never taken for the bar
  // having gone; once it is gone every byte is stored, which counts as further along too (100).
  const valueNow = () =>
    bar.evaluateAll((bars) => (bars.length === 0 ? 100 : Number(bars[0]?.getAttribute('aria-valuenow'))));
  const seen: number[] = [];
  const movedOn = async () => {
    seen.push(await valueNow());
    const moving = seen.find((value) => value > 0 && value < 100);
    return moving !== undefined && (seen.at(-1) ?? 0) > moving;
  };
  await expect.poll(movedOn, { intervals: [100] }).toBe(true);

  // Every byte stored: the processing phase and its indicator, until the server confirms.
  const processing = page.getByRole('progressbar', { name: 'Processing upload' });
  await expect(processing).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveCount(0);
  releaseConfirm();
  await cdp.detach();

  // The case page polls the submitted case until the ingest has made it In progress.
  await expect(page.getByTestId('images-state')).toHaveText('Images uploaded!', { timeout: INGEST_TIMEOUT });
  await expect(page.getByTestId('case-status')).toHaveText('In progress');

  // The physician's Jobs tab: the completed image processing in plain words, every slice used; the
  // engineering log is for staff.
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(new RegExp(`/case-detail/${caseId}/jobs$`));
  const job = page.getByRole('region', { name: 'Image processing job' });
  await expect(job).toHaveCount(1);
  await expect(job.getByTestId('job-status')).toHaveText('Completed');
  await expect(job.getByRole('group', { name: 'Summary' })).toContainText(/^134 of 134 files used, 0 set aside/);
  await expect(job.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
  await expect(job.getByRole('button', { name: /^Log/ })).toHaveCount(0);

  // The analyst, who follows every step, reads the per-file report, filters it and downloads it whole.
  const analyst = await signedInPage(browser, baseURL ?? '', ANALYST);
  await analyst.goto(`/case-detail/${caseId}/jobs`);
  const analystJob = analyst.getByRole('region', { name: 'ingest job' });
  await expect(analystJob.getByTestId('job-status')).toHaveText('Completed');
  await analystJob.getByRole('button', { name: /^Log \(\d+ lines\)$/ }).click();
  await expect(analystJob.getByRole('list', { name: 'Log' }).getByRole('listitem')).not.toHaveCount(0);
  await analystJob.getByRole('button', { name: 'Per-file report' }).click();
  const report = analystJob.getByRole('table', { name: 'Per-file report' });
  // A header and the first page of 15 files, each used, with its series.
  await expect(report.getByRole('row')).toHaveCount(16);
  await expect(report.getByRole('row').nth(1)).toContainText(/1-\d{3}\.dcm.*kB.*Used/);
  await expect(analystJob.getByText(/^1–15 of 134$/)).toBeVisible();
  await analystJob.getByRole('combobox', { name: 'Outcome' }).click();
  await analyst.getByRole('option', { name: 'Set aside' }).click();
  await expect(report.getByRole('row', { name: 'No files with this outcome.' })).toBeVisible();

  const download = analyst.waitForEvent('download');
  await analystJob.getByRole('button', { name: 'Download report (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  // The whole report, not the filtered page: a header and one line per file.
  expect(lines).toHaveLength(135);
  expect(lines.filter((line) => /1-\d{3}\.dcm/.test(line) && line.includes('used'))).toHaveLength(134);
  await analyst.context().close();
});

test('an upload outlives a tab switch, asks before the case is left, and once cancelled midway is not confirmed', async ({
  page,
}, testInfo) => {
  const { api, caseId } = await openNewCase(page, 'CANCEL');
  const confirmations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/confirm-upload/')) confirmations.push(request.url());
  });
  // 40 MB, so it goes up in parts, three at a time (above MULTIPART_THRESHOLD_BYTES); at 1 MB/s it
  // would take forty seconds: it is cancelled after the first per cent.
  const bigZip = await fileOfSize(testInfo.outputPath('big.zip'), 40_000_000);
  await throttleUpload(page, 1_000_000);

  await fileInput(page).setInputFiles(bigZip);
  await chosenFile(page).getByRole('button', { name: 'Upload' }).click();
  const bar = uploadProgress(page);
  await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);

  // The upload belongs to the case page: a look at the Jobs tab does not stop it...
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByText('No jobs yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(bar).toBeVisible();
  // ...while leaving the case asks first, and staying keeps it going.
  await page.getByRole('link', { name: 'CardioMap' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toContainText('Your images are still uploading. Leaving this page cancels the upload.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/case-detail/${caseId}/details$`));
  await expect(bar).toBeVisible();

  await page.getByRole('button', { name: 'Cancel upload' }).click();

  await expect(toast(page, 'Upload cancelled by user')).toBeVisible();
  // Back to the start: the drop zone, no file kept, no progress.
  await expect(page.getByTestId('upload-drop-zone')).toBeVisible();
  await expect(chosenFile(page)).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await expect(page.getByTestId('case-status')).toHaveText('Created');

  // Nothing was confirmed: no confirmation asked, no upload successful, the case still Created.
  expect(confirmations).toEqual([]);
  const uploads = await inputDataOf(api, caseId);
  expect(uploads.every((upload) => !upload.uploadSuccessful)).toBe(true);
  expect(await caseStatusOf(api, caseId)).toBe(CREATED);
});

test('a large upload goes up in parts; a part whose connection drops is sent again alone', async ({
  page,
}, testInfo) => {
  test.skip(!hasRealSeries(), `The real series is missing (${REAL_SERIES_DIR}): nothing to upload.`);
  test.setTimeout(INGEST_TIMEOUT + 60_000);
  // Stored, not deflated: ~68 MB, five parts of 16 MiB.
  const zipPath = await zipFolder(REAL_SERIES_DIR, testInfo.outputPath('philips-134-stored.zip'), { store: true });
  const { api, caseId } = await openNewCase(page, 'PARTS');

  const sentParts: string[] = [];
  let dropped = false;
  await page.route(
    (url) => url.searchParams.has('part'),
    async (route) => {
      const part = new URL(route.request().url()).searchParams.get('part') ?? '';
      sentParts.push(part);
      // The connection drops once, on the second part's first try.
      if (part === '2' && !dropped) {
        dropped = true;
        await route.abort('connectionreset');
      } else await route.continue();
    },
  );

  await fileInput(page).setInputFiles(zipPath);
  await chosenFile(page).getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('images-state')).toHaveText('Images uploaded!', { timeout: INGEST_TIMEOUT });
  await expect(page.getByTestId('case-status')).toHaveText('In progress');
  // No 'Upload failed!' toast: the retry is the engine's business, not the clinician's.
  await expect(toast(page, 'Upload failed')).toHaveCount(0);

  // Part 2 went twice, every other part once: the drop cost one part, not the whole upload.
  expect(sentParts.toSorted()).toEqual(['1', '2', '2', '3', '4', '5']);
  const [upload] = await inputDataOf(api, caseId);
  expect(upload?.uploadSuccessful).toBe(true);
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(
    page.getByRole('region', { name: 'Image processing job' }).getByRole('group', { name: 'Summary' }),
  ).toContainText(/^134 of 134 files used/);
});

test('a file that is not a zip, too small or named after another case is warned about; Cancel clears it', async ({
  page,
}) => {
  const { caseIdentifier } = await openNewCase(page, 'WARN');

  await fileInput(page).setInputFiles({
    name: `${caseIdentifier.toLowerCase()} notes.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.alloc(1_500_000, 'a'),
  });
  const chosen = chosenFile(page);
  await expect(chosen).toContainText('notes.txt');
  await expect(chosen.getByRole('alert')).toHaveText(["This doesn't look like a zip file."]);
  await expect(chosen.getByRole('button', { name: 'Upload' })).toBeVisible();
  await chosen.getByRole('button', { name: 'Cancel' }).click();
  await expect(chosen).toHaveCount(0);
  await expect(page.getByTestId('upload-drop-zone')).toBeVisible();

  await fileInput(page).setInputFiles({ name: 'tiny.zip', mimeType: 'application/zip', buffer: Buffer.alloc(12_345) });
  await expect(chosen).toContainText('tiny.zip');
  await expect(chosen.getByRole('alert')).toHaveText([
    'This file seems too small. (12 kB)',
    `This file's name does not contain the case id ${caseIdentifier}. Make sure these are the images of this case.`,
  ]);
  await chosen.getByRole('button', { name: 'Cancel' }).click();
  await expect(chosen).toHaveCount(0);
  await expect(page.getByTestId('upload-drop-zone')).toBeVisible();
  await expect(page.getByTestId('case-status')).toHaveText('Created');
});

test('a refused upload says so and keeps the file; sent again, a zip without DICOM ends in Invalid input with its reasons', async ({
  page,
}, testInfo) => {
  test.setTimeout(INGEST_TIMEOUT);
  const { api, caseId, caseIdentifier } = await openNewCase(page, 'INVALID');
  const zipPath = await zipOfTextFiles(testInfo.outputPath(), testInfo.outputPath(`${caseIdentifier}-documents.zip`));
  // The storage refuses the first PUT as a signed URL past its time would be: a refusal is not retried.
  let refused = 0;
  await page.route('**/api/storage/**', async (route) => {
    if (route.request().method() !== 'PUT' || refused > 0) return route.fallback();
    refused += 1;
    return route.fulfill({ status: 403, json: { detail: 'The link has expired.' } });
  });

  await fileInput(page).setInputFiles(zipPath);
  // Small, so it is warned about; the clinician uploads it anyway.
  await expect(chosenFile(page).getByRole('alert')).toHaveText([/^This file seems too small\. \(\d+ kB\)$/]);
  await chosenFile(page).getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Upload failed! Please try again')).toBeVisible();
  expect(refused).toBe(1);
  // The file is kept, so Upload sends it again without choosing it anew; the failed try confirmed nothing.
  await expect(chosenFile(page)).toContainText('documents.zip');
  expect((await inputDataOf(api, caseId)).map((upload) => upload.uploadSuccessful)).toEqual([false]);
  expect(await caseStatusOf(api, caseId)).toBe(CREATED);
  await chosenFile(page).getByRole('button', { name: 'Upload' }).click();

  await expect(page.getByTestId('case-status')).toHaveText('Invalid input', { timeout: INGEST_TIMEOUT - 30_000 });
  const state = page.getByTestId('images-state');
  await expect(state).toContainText('The uploaded images cannot be used');
  await expect(state.getByRole('list', { name: 'Reasons' }).getByRole('listitem')).toHaveText([
    'No CT images were found among 2 files: not DICOM (2).',
  ]);
});
