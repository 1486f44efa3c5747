import type { Browser, Page } from '@playwright/test';
import { acceptCookies, signIn, tokensInStorage } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { physicianMarkerPhantomStudy, waitForWholeVolume } from '../support/viewer.ts';

const OTHER_ORGANISATION_PHYSICIAN = 'other-physician@cardiomap.test';
const ANALYST = 'case-analyst@cardiomap.test';

type Rect = [number, number, number, number];
interface BootRecord {
  /** The start-up layer's three image boxes, when its canvases came, and how much of the app there was then. */
  layer: Record<string, Rect> | null;
  appChildrenThen: number | null;
  /** The app's own preview's image boxes (MprPreviewPanes), when its canvases came. */
  app: Record<string, Rect> | null;
}

/**
 * Runs in the page before anything else: notes where the start-up layer's images are drawn and where
 * the app's own preview draws them, each the moment its three canvases are added.
 */
function recordBootLayer() {
  const record: BootRecord = { layer: null, appChildrenThen: null, app: null };
  (window as unknown as { __bootRecord: BootRecord }).__bootRecord = record;
  const boxes = (root: Element): Record<string, Rect> | null => {
    const canvases = [...root.querySelectorAll('canvas')];
    if (canvases.length !== 3) return null;
    return Object.fromEntries(
      canvases.map((canvas) => {
        const r = canvas.getBoundingClientRect();
        return [canvas.dataset.testid ?? '', [r.left, r.top, r.width, r.height] as Rect];
      }),
    );
  };
  new MutationObserver(() => {
    const layer = document.querySelector('[data-testid="boot-preview"]');
    if (layer && !record.layer) {
      record.layer = boxes(layer);
      if (record.layer) record.appChildrenThen = document.getElementById('root')?.childElementCount ?? null;
    }
    const app = document.querySelector('[data-testid="mpr-preview-panes"]');
    if (app && !record.app) record.app = boxes(app);
  }).observe(document, { childList: true, subtree: true });
}

async function signedInContext(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await acceptCookies(context, baseURL ?? '');
  await context.addInitScript(recordBootLayer);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const bootRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bootRecord: BootRecord }).__bootRecord);

function expectSameBoxes(layer: Record<string, Rect> | null, app: Record<string, Rect> | null, where: string) {
  expect(layer, `${where}: the start-up layer drew three panes`).not.toBeNull();
  expect(app, `${where}: the app's preview drew three panes`).not.toBeNull();
  expect(Object.keys(layer ?? {}).sort()).toEqual(['mpr-preview-axial', 'mpr-preview-coronal', 'mpr-preview-sagittal']);
  for (const [pane, box] of Object.entries(layer ?? {})) {
    const appBox = app?.[pane] as Rect;
    for (const [n, value] of box.entries())
      expect(Math.abs(value - (appBox[n] as number)), `${where} ${pane} [${n}]`).toBeLessThan(1);
  }
}

test('a link straight to the MPR view draws the first image before the app runs, exactly where the app then draws it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const studyId = await physicianMarkerPhantomStudy(page, testInfo, 'E2E-BOOT');

  const analyst = await signedInContext(browser, baseURL, ANALYST);
  for (const path of [`/study-viewer/${studyId}/mprviewer`, `/iframe-viewer/${studyId}/mprviewer`]) {
    await analyst.goto(path);
    await waitForWholeVolume(analyst);
    const record = await bootRecord(analyst);
    expectSameBoxes(record.layer, record.app, path);
    // Drawn before the app had rendered anything.
    expect(record.appChildrenThen, path).toBe(0);
    // One first-frame mark per visit (the layer's), and the layer is gone once the app's view is up.
    expect(await analyst.evaluate(() => performance.getEntriesByName('cm:mpr:first-frame').length)).toBe(1);
    await expect(analyst.getByTestId('boot-preview')).toHaveCount(0);
    await expect(analyst.getByTestId('mpr-pane-axial')).toBeVisible();
  }

  // Issue 22: every visit above was a page load without a token in storage: the start-up script restored
  // the session by the refresh cookie before asking for the viewer load.
  expect(await tokensInStorage(analyst)).toEqual([]);

  await test.step('signed out (no refresh cookie): no layer; the sign-in page with the way back', async () => {
    await analyst.context().clearCookies({ name: 'cm_refresh' });
    await analyst.goto(`/study-viewer/${studyId}/mprviewer`);
    await expect(analyst).toHaveURL(/\/login\?redirect=/);
    expect((await bootRecord(analyst)).layer).toBeNull();
    await expect(analyst.getByTestId('boot-preview')).toHaveCount(0);
  });

  await test.step("another organisation's clinician: no layer, the not-found page", async () => {
    const other = await signedInContext(browser, baseURL, OTHER_ORGANISATION_PHYSICIAN);
    await other.goto(`/study-viewer/${studyId}/mprviewer`);
    await expect(other.getByRole('heading', { name: /not found/i })).toBeVisible();
    expect((await bootRecord(other)).layer).toBeNull();
    await expect(other.getByTestId('boot-preview')).toHaveCount(0);
    await other.context().close();
  });
  await analyst.context().close();
});
