import { writeFile } from 'node:fs/promises';
import {
  captureFigureThroughUi,
  expectFigureListed,
  uploadMeshThroughUi,
  writeTetrahedronStl,
} from '../support/analysis-results.ts';
import { signedInPage, VIEWER_CONTEXT } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiOf, physicianMarkerPhantomStudy } from '../support/viewer.ts';

const ANALYST = 'case-analyst@cardiomap.test';
/** Delivers orders (the deliver screens are another part of issue 17; here the API stands in). */
const CASE_MANAGER = 'case-manager@cardiomap.test';

test('an analyst adds an STL named "Aorta" and a figure; the physician sees the figure once delivered', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const studyId = await physicianMarkerPhantomStudy(page, testInfo, 'E2E-RESULTS');
  const stl = await writeTetrahedronStl(testInfo.outputPath('aorta.stl'));

  // The analyst attaches the mesh in the viewer; the server parses it and the scene shows it.
  const analyst = await signedInPage(browser, baseURL, ANALYST, VIEWER_CONTEXT);
  await analyst.goto(`/study-viewer/${studyId}/3dsurfaceviewer`);
  await expect(analyst.getByTestId('scene-canvas')).toBeVisible();
  await uploadMeshThroughUi(analyst, { name: 'Aorta', file: stl });
  await analyst.getByRole('tab', { name: 'Object Settings' }).click();
  await expect(analyst.getByRole('checkbox', { name: 'Show Aorta' })).toBeChecked();

  // A corrupt file is refused in the dialog, with the server's reason, and nothing is added.
  const broken = testInfo.outputPath('broken.stl');
  await writeFile(broken, Buffer.alloc(120, 7));
  await analyst.getByRole('tab', { name: 'Details' }).click();
  await analyst.getByRole('button', { name: 'Add result' }).click();
  const dialog = analyst.getByRole('dialog', { name: 'Add a result' });
  await dialog.getByLabel('Name').fill('LAA');
  await dialog.getByLabel('Mesh file').setInputFiles(broken);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/triangles/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(analyst.getByRole('list', { name: '3D results' }).getByText('LAA')).toHaveCount(0);

  // The analyst captures the 3D view as a figure.
  await captureFigureThroughUi(analyst, { view: '3D view', caption: 'Aorta from the front' });

  // A case manager delivers (through the API: the deliver screens are another engineer's part).
  const manager = await signedInPage(browser, baseURL, CASE_MANAGER, VIEWER_CONTEXT);
  const managerApi = await apiOf(manager);
  const { caseId } = await managerApi.call<{ caseId: string }>('GET', `/api/studies/${studyId}/`);
  const kase = await managerApi.call<{ orders: { id: string }[] }>('GET', `/api/cases/${caseId}/`);
  for (const order of kase.orders) await managerApi.call('POST', '/api/deliveries/', { orderId: order.id });

  // The physician sees the figure with its caption, and the mesh in the Details tab.
  await page.goto(`/study-viewer/${studyId}/3dsurfaceviewer`);
  await expectFigureListed(page, 'Aorta from the front');
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('list', { name: '3D results' }).getByText('Aorta', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add result' })).toHaveCount(0);
  // A click on the figure brings its view back (the 3D view, where the physician already is).
  await page.getByRole('tab', { name: 'Figures' }).click();
  await page.getByRole('button', { name: 'Show Aorta from the front' }).click();
  await expect(page).toHaveURL(/3dsurfaceviewer/);
});
