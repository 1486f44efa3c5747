import type { Locator, Page, TestInfo } from '@playwright/test';
import { axeFigures, checkAccessibility } from '../support/axe.ts';
import {
  addAnalysisByApi,
  CASE_MANAGER,
  degradeThroughUi,
  deliverThroughUi,
  openCaseDetail,
  PHYSICIAN,
  physicianCaseInProgress,
} from '../support/delivery.ts';
import { signedInPage, signIn, VIEWER_CONTEXT } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';
import { waitForWholeVolume } from '../support/viewer.ts';

/**
 * Issue 30 "Accessibility": axe (WCAG 2.0/2.1/2.2, A and AA) over every route of the app, for each role
 * that sees it, and over every dialog those pages open: no serious or critical violation anywhere. Each
 * test makes the data it looks at, so it runs alone, in any order and repeatedly.
 */

const ANALYST = 'case-analyst@cardiomap.test';
const SUPERUSER = 'superuser@cardiomap.test';

/** Opens a dialog by `open`, checks it, and closes it with Escape (an untouched form closes at once). */
async function checkDialog(page: Page, testInfo: TestInfo, label: string, open: () => Promise<unknown>) {
  await open();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog, `${label} opens a dialog`).toBeVisible();
  await checkAccessibility(page, testInfo, `${label} dialog`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Every enabled button of a group that opens a dialog: each dialog checked, then closed. */
async function checkGroupDialogs(page: Page, testInfo: TestInfo, group: Locator, label: string) {
  const names = await group
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => !(b as HTMLButtonElement).disabled && b.getAttribute('aria-disabled') !== 'true')
        .map((b) => b.textContent?.trim() ?? ''),
    );
  for (const name of names.filter(Boolean)) {
    await checkDialog(page, testInfo, `${label} → ${name}`, () =>
      group.getByRole('button', { name, exact: true }).click(),
    );
  }
}

test('signed-out pages and the cookie dialog have no serious accessibility violation', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // A first visit: no cookie choice yet, so the consent dialog shows.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('dialog')).toBeVisible();
  await checkAccessibility(page, testInfo, 'cookie consent dialog');
  await context.close();

  const returning = await browser.newContext();
  await returning.addCookies([{ name: 'cm_consent', value: 'functional', url: baseURL ?? '' }]);
  const visitor = await returning.newPage();
  const pages: [string, string][] = [
    ['/login', 'Sign in'],
    ['/register', 'Register'],
    ['/forgotpassword', 'Forgot'],
    ['/passwordexpired', 'expired'],
    ['/passwordreset/MQ/not-a-token', ''],
    ['/emailverification/not-a-key', ''],
    ['/cookiepolicy', 'Cookie'],
    ['/contact', 'Contact'],
    ['/no-such-page', ''],
  ];
  for (const [path] of pages) {
    await visitor.goto(path);
    await expect(visitor.locator('main, [role="main"]').first()).toBeVisible();
    await visitor.waitForLoadState('networkidle');
    await checkAccessibility(visitor, testInfo, `signed out ${path}`);
  }
  // The sign-in form's own error state, as a user who mistyped sees it.
  await visitor.goto('/login');
  await visitor.getByLabel('E-mail').fill('nobody@cardiomap.test');
  await visitor.getByLabel('Password').fill('wrong-password');
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor.getByRole('alert').first()).toBeVisible();
  await checkAccessibility(visitor, testInfo, 'sign-in error');
  await returning.close();
});

test("a physician's pages and dialogs have no serious accessibility violation", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, PHYSICIAN);
  const api = await ApiAs.of(page);
  const { id: caseId } = await createCaseByApi(api, `E2E-A11Y-${Date.now()}`);
  const { caseIdentifier } = await api.get<{ caseIdentifier: string }>(`/api/cases/${caseId}/`);

  await page.goto('/cases?view=table');
  await expect(page.getByRole('table', { name: 'Cases' })).toBeVisible();
  await checkAccessibility(page, testInfo, 'case list (table)');
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkAccessibility(page, testInfo, 'user menu');
  await page.keyboard.press('Escape');

  await page.goto('/cases?view=cards');
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkAccessibility(page, testInfo, 'case list (cards)');

  await page.goto('/cases');
  await checkDialog(page, testInfo, 'request analysis', () =>
    page.getByRole('button', { name: 'Request analysis', exact: true }).click(),
  );

  await page.goto(`/cases?view=table&search=${caseIdentifier}`);
  await page.getByRole('button', { name: `Actions for ${caseIdentifier}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkAccessibility(page, testInfo, 'case row actions menu');
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: `Share case ${caseIdentifier}` })).toBeVisible();
  await checkAccessibility(page, testInfo, 'share dialog');
  await page.keyboard.press('Escape');

  await page.goto(`/case-detail/${caseId}/details`);
  await expect(page.getByTestId('case-status')).toBeVisible();
  await checkAccessibility(page, testInfo, 'case detail (physician)');
  await checkGroupDialogs(page, testInfo, page.getByRole('group', { name: 'Case actions' }), 'case detail');
  const edit = page.getByRole('button', { name: 'Edit case' });
  if (await edit.isVisible()) await checkDialog(page, testInfo, 'edit case', () => edit.click());
  await page.goto(`/case-detail/${caseId}/jobs`);
  await checkAccessibility(page, testInfo, 'case jobs (physician)');

  const pages: [string, string][] = [
    ['/settings', 'settings'],
    ['/docs', 'documentation'],
    ['/licenses', 'licences'],
    ['/contact', 'contact (signed in)'],
    ['/terms', 'terms'],
    ['/training/TAVI', 'training'],
  ];
  for (const [path, label] of pages) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkAccessibility(page, testInfo, label);
  }
});

test("staff pages, the case detail's staff dialogs and the jobs have no serious accessibility violation", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const physician = await signedInPage(browser, baseURL, PHYSICIAN);
  const { caseId, studyId } = await physicianCaseInProgress(physician, testInfo, 'E2E-A11Y-STAFF');
  await physician.context().close();

  await signIn(page, CASE_MANAGER);
  await addAnalysisByApi(page, studyId, 'Accessibility analysis');
  await page.goto(`/case-detail/${caseId}/details`);
  await expect(page.getByTestId('case-status')).toBeVisible();
  await checkAccessibility(page, testInfo, 'case detail (case manager)');
  await checkGroupDialogs(page, testInfo, page.getByRole('group', { name: 'Case actions' }), 'case detail');
  const orderGroup = page.getByRole('group', { name: /^Actions for / }).first();
  await checkGroupDialogs(page, testInfo, orderGroup, 'order');
  await page.goto(`/case-detail/${caseId}/jobs`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkAccessibility(page, testInfo, 'case jobs (case manager)');
  await checkDialog(page, testInfo, 'process again', () =>
    page
      .getByRole('button', { name: /^Process again/ })
      .first()
      .click(),
  );
  await page.goto('/cases?view=table');
  await expect(page.getByRole('table', { name: 'Cases' })).toBeVisible();
  await checkAccessibility(page, testInfo, 'case list (case manager)');
});

test('admin pages and their dialogs have no serious accessibility violation', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, SUPERUSER);
  await page.goto('/users-and-organisations?tab=users');
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkAccessibility(page, testInfo, 'users');
  await checkDialog(page, testInfo, 'add user', () => page.getByRole('button', { name: 'Add User' }).click());
  await page.goto('/users-and-organisations?tab=incoming');
  await page.waitForLoadState('networkidle');
  await checkAccessibility(page, testInfo, 'incoming requests');
  await page.goto('/users-and-organisations?tab=organisations');
  await page.waitForLoadState('networkidle');
  await checkAccessibility(page, testInfo, 'organisations');
  await checkDialog(page, testInfo, 'add organisation', () =>
    page.getByRole('button', { name: 'Add Organisation' }).click(),
  );
  await page.goto('/audit');
  await page.waitForLoadState('networkidle');
  await checkAccessibility(page, testInfo, 'audit');
  await page.goto('/templates');
  await page.waitForLoadState('networkidle');
  await checkAccessibility(page, testInfo, 'templates');
  await page.goto('/docs');
  await page.waitForLoadState('networkidle');
  await checkDialog(page, testInfo, 'documentation editor', () =>
    page.getByRole('button', { name: 'Edit page' }).click(),
  );

  await page.goto('/licenses');
  const picker = page.getByRole('combobox', { name: 'Organisation' });
  await picker.fill('Heart Valve');
  await page.getByRole('option', { name: /Heart Valve Centre Rotterdam/ }).click();
  await expect(page).toHaveURL(/org=/);
  await page.waitForLoadState('networkidle');
  await checkAccessibility(page, testInfo, 'licences (manager)');
  for (const name of ['Add Device', 'Add license']) {
    const button = page.getByRole('button', { name, exact: true });
    if (await button.isEnabled()) await checkDialog(page, testInfo, name, () => button.click());
  }
});

test('the viewer (MPR, 3D, details), its waiting page and the analyst workbench have no serious violation', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const physician = await signedInPage(browser, baseURL, PHYSICIAN, VIEWER_CONTEXT);
  const { caseId, studyId } = await physicianCaseInProgress(physician, testInfo, 'E2E-A11Y-VIEW');
  // Nothing delivered yet: the physician's viewer link says to come back later.
  await physician.goto(`/study-viewer/${studyId}/mprviewer`);
  await expect(physician.getByRole('heading', { level: 1 })).toBeVisible();
  await checkAccessibility(physician, testInfo, 'viewer before delivery (physician)');

  const analyst = await signedInPage(browser, baseURL, ANALYST, VIEWER_CONTEXT);
  await addAnalysisByApi(analyst, studyId, 'Accessibility workbench');
  await analyst.goto(`/study-viewer/${studyId}/mprviewer`);
  await waitForWholeVolume(analyst);
  await checkAccessibility(analyst, testInfo, 'analyst workbench MPR');
  for (const name of await analyst.getByRole('tab').allTextContents()) {
    const tab = analyst.getByRole('tab', { name, exact: true });
    if (!(await tab.isVisible()) || !(await tab.isEnabled())) continue;
    await tab.click();
    await checkAccessibility(analyst, testInfo, `analyst workbench tab ${name}`);
  }
  await analyst.goto(`/study-viewer/${studyId}/3dsurfaceviewer`);
  await expect(analyst.locator('canvas').first()).toBeVisible();
  await analyst.waitForLoadState('networkidle');
  await checkAccessibility(analyst, testInfo, 'analyst workbench 3D');
  await analyst.context().close();

  // Delivered, marked non-clinical: the physician's case detail and viewer with results.
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER, VIEWER_CONTEXT);
  await openCaseDetail(manager, caseId);
  await degradeThroughUi(manager, { remark: 'Indicative only: motion at the annulus.' });
  await deliverThroughUi(manager, { analysisName: 'Accessibility workbench' });
  await manager.context().close();
  await openCaseDetail(physician, caseId);
  await expect(physician.getByRole('list', { name: 'Orders' })).toContainText('Not intended for medical use');
  await checkAccessibility(physician, testInfo, 'delivered non-clinical case detail (physician)');
  await physician.goto(`/study-viewer/${studyId}/mprviewer`);
  await waitForWholeVolume(physician);
  await checkAccessibility(physician, testInfo, 'viewer MPR (physician)');
  await physician.goto(`/study-viewer/${studyId}/3dsurfaceviewer`);
  await expect(physician.locator('canvas').first()).toBeVisible();
  await physician.waitForLoadState('networkidle');
  await checkAccessibility(physician, testInfo, 'viewer 3D (physician)');
  await physician.goto(`/study-viewer/${studyId}/detail`);
  await physician.waitForLoadState('networkidle');
  await checkAccessibility(physician, testInfo, 'viewer details (physician)');
  await physician.context().close();
});

test.afterAll(() => {
  // The run's figures in one place, for the record (issue 30 asks for counts per page).
  for (const { label, nodes } of axeFigures) {
    console.info(`axe figures | ${label} | ${nodes.critical} | ${nodes.serious} | ${nodes.moderate} | ${nodes.minor}`);
  }
});
