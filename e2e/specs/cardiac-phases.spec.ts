import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { gatedPhantomZip } from '../../server/src/imaging/testing/phantom.ts';
import { addAnalysisByApi } from '../support/delivery.ts';
import { signedInPage, signIn, VIEWER_CONTEXT } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';
import { drawLandmark, landmarkRow, openDetails, placeLandmark, sidebar, waitForJobs } from '../support/landmarks.ts';
import { apiOf, ingestZipByApi, waitForWholeVolume } from '../support/viewer.ts';

/**
 * Issue 28, end to end: a gated case (three phases, 0/40/70 %) opens on its TAVI default, 40 %; the
 * other phases stream in and the analyst plays cine over them; the analyst switches phase, is warned about sizing the annulus in diastole, places it on the systolic
 * phase, and the report names that phase.
 */

const PHYSICIAN = 'physician@cardiomap.test';
const ANALYST = 'case-analyst@cardiomap.test';
const CASE_MANAGER = 'case-manager@cardiomap.test';

test('an analyst switches cardiac phase, places the annulus in systole, and the report names the phase', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  // Setup through the API: the physician's TAVI case with a gated phantom ingested.
  await signIn(page, PHYSICIAN);
  const { id: caseId } = await createCaseByApi(await ApiAs.of(page), `E2E-PHASES-${Date.now()}`);
  const zip = testInfo.outputPath('gated.zip');
  await gatedPhantomZip(zip, { percents: [0, 40, 70], layout: 'interleaved' });
  const studyId = await ingestZipByApi(page, caseId, zip);

  const analyst = await signedInPage(browser, baseURL, ANALYST, VIEWER_CONTEXT);
  await waitForJobs(analyst, caseId);
  const analysisId = await addAnalysisByApi(analyst, studyId, 'TAVI anatomy');
  await analyst.goto(`/study-viewer/${studyId}/mprviewer`);
  await waitForWholeVolume(analyst);

  // The header offers the three phases, opened on the TAVI default (nearest 35 %).
  const selector = analyst.getByRole('combobox', { name: 'Cardiac phase' });
  await expect(selector).toHaveText(/^40 % .*\(default\)$/);

  // The other phases stream in behind the default one; then cine plays them in all three panes.
  await expect(analyst.getByTestId('phase-stream-progress')).toHaveText('3 phases ready', { timeout: 60_000 });
  await playCine(analyst);

  // Diastole: the 70 % volume is loaded into the panes (its download came in behind the default);
  // an annulus placed there gets the planning note.
  await selector.click();
  await analyst.getByRole('option', { name: /^70 %/ }).click();
  await expect(selector).toHaveText(/^70 %/);
  await waitForWholeVolume(analyst);
  await openDetails(analyst);
  await sidebar(analyst).getByLabel('Edit mode').check();
  const draft = await drawLandmark(analyst, 'Annulus', 'Closed curve', []);
  await expect(draft).toContainText('On cardiac phase 70 %');
  await expect(draft.getByRole('alert')).toContainText('the annulus is sized in systole');
  await draft.getByRole('button', { name: 'Cancel' }).click();

  // Back to systole, chosen with the keyboard; the annulus is placed there and says its phase.
  await selector.focus();
  await analyst.keyboard.press('Enter');
  await analyst.getByRole('option', { name: /^40 %/ }).press('Enter');
  await expect(selector).toHaveText(/^40 % .*\(default\)$/);
  await waitForWholeVolume(analyst);
  const annulus = await placeLandmark(analyst, 'Annulus', 'Closed curve', [
    [-30, -30],
    [30, -30],
    [30, 30],
    [-30, 30],
  ]);
  await expect(landmarkRow(analyst, 'Annulus')).toContainText('Phase: 40 %');
  const analystApi = await apiOf(analyst);
  const saved = await analystApi.call<{ phaseLabel: string; analysisId: string }>(
    'GET',
    `/api/landmarks/${annulus.id}/`,
  );
  expect(saved).toMatchObject({ phaseLabel: '40 %', analysisId });
  await analystApi.call('POST', `/api/landmarks/${annulus.id}/publish/`);
  await analyst.context().close();

  // The case manager delivers and generates the report; it names the phase of the annulus.
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER, { ...VIEWER_CONTEXT, acceptDownloads: true });
  const managerApi = await apiOf(manager);
  const kase = await managerApi.call<{ orders: { id: string }[] }>('GET', `/api/cases/${caseId}/`);
  for (const order of kase.orders) await managerApi.call('POST', '/api/deliveries/', { orderId: order.id });
  await manager.goto(`/case-detail/${caseId}/details`);
  const generate = manager.getByRole('button', { name: 'Generate report' });
  await expect(generate).toBeEnabled({ timeout: 60_000 });
  await generate.click();
  const download = manager.getByRole('button', { name: 'Download the report.' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([manager.waitForEvent('download'), download.click()]);
  const path = testInfo.outputPath('report.pdf');
  await file.saveAs(path);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain('Cardiac phases');
  expect(text).toContain('0 %, 40 % (default), 70 %');
  // The measurements table: landmark, then the phase it was measured on.
  expect(text).toMatch(/Measured on/);
  expect(text).toMatch(/^\s*Annulus\s+40 %\s+Perimeter/m);
  await manager.context().close();
});

type CineWindow = Window & {
  __cmViewer?: {
    cine?: { stats(): { framesDrawn: number; phasesDrawn: string[] } | null };
    mpr?: { viewport(pane: string): { getCamera(): { focalPoint: number[]; viewPlaneNormal: number[] } } | undefined };
  };
};

/**
 * Plays cine with its key and pauses with its button: the panes' frames go through every phase (the
 * label and the pixels change: the phantom's heart has a HU per phase) while the planes stay put.
 */
async function playCine(page: Page) {
  const cameraOf = () =>
    page.evaluate(() => {
      const camera = (window as CineWindow).__cmViewer?.mpr?.viewport('axial')?.getCamera();
      return camera && { focalPoint: camera.focalPoint, normal: camera.viewPlaneNormal };
    });
  const before = await cameraOf();
  await page.getByTestId('study-viewer').getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('p');
  await expect(page.getByRole('button', { name: 'Pause cine' })).toBeVisible();
  // Each label the header shows while playing, and the sum of a pane's frame pixels per phase drawn:
  // the heart's HU and radius differ by phase, so each phase's frame differs.
  const { labels, sums } = await page.evaluate(
    () =>
      new Promise<{ labels: string[]; sums: Record<string, number> }>((resolve) => {
        const labels = new Set<string>();
        const sums: Record<string, number> = {};
        const check = () => {
          const label = document.querySelector('[data-testid="cine-phase"]')?.textContent ?? '';
          if (label.endsWith('%')) labels.add(label);
          const frame = document.querySelector<HTMLCanvasElement>('canvas[data-testid="mpr-cine-frame"]');
          const phaseId = frame?.dataset.phaseId;
          if (frame && phaseId && !(phaseId in sums)) {
            const data =
              frame.getContext('2d')?.getImageData(0, 0, frame.width, frame.height).data ?? new Uint8ClampedArray();
            sums[phaseId] = data.reduce((sum: number, value: number) => sum + value, 0);
          }
          if (labels.size === 3 && Object.keys(sums).length === 3) {
            observer.disconnect();
            resolve({ labels: [...labels], sums });
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        check();
      }),
  );
  expect(labels.sort()).toEqual(['Cine: 0 %', 'Cine: 40 %', 'Cine: 70 %']);
  expect(new Set(Object.values(sums)).size).toBe(3);
  await expect(page.locator('canvas[data-testid="mpr-cine-frame"]')).toHaveCount(3);
  const stats = await page.evaluate(() => (window as CineWindow).__cmViewer?.cine?.stats());
  expect(stats?.phasesDrawn.sort()).toHaveLength(3);
  expect(await cameraOf()).toEqual(before);
  await page.getByRole('button', { name: 'Pause cine' }).click();
  await expect(page.locator('canvas[data-testid="mpr-cine-frame"]')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Cardiac phase' })).toHaveText(/^40 % .*\(default\)$/);
}
