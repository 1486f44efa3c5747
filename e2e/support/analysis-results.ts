import { writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/**
 * A closed tetrahedron as a binary STL, written by the test (never a file from the shared folders):
 * `size` mm along each axis from `origin`, in patient coordinates, so it sits inside the phantom.
 */
export async function writeTetrahedronStl(path: string, size = 40, origin: [number, number, number] = [-20, -20, -20]) {
  const p = [
    [0, 0, 0],
    [size, 0, 0],
    [0, size, 0],
    [0, 0, size],
  ].map((v) => v.map((c, i) => c + origin[i]!));
  const faces = [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ];
  const bytes = Buffer.alloc(84 + 50 * faces.length);
  bytes.write('e2e tetrahedron', 0, 'latin1');
  bytes.writeUInt32LE(faces.length, 80);
  faces.forEach((face, t) => {
    face.forEach((vertex, k) => {
      p[vertex]!.forEach((value, axis) => {
        bytes.writeFloatLE(value, 84 + 50 * t + 12 + 12 * k + 4 * axis);
      });
    });
  });
  await writeFile(path, bytes);
  return path;
}

async function openSidebarTab(page: Page, name: 'Details' | 'Figures' | 'Object Settings') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/**
 * In the open viewer, as staff: Details tab → Add result → name, file → Upload; waits until the server
 * accepted the file and the result is listed under "3D results".
 */
export async function uploadMeshThroughUi(page: Page, { name, file }: { name: string; file: string }) {
  await openSidebarTab(page, 'Details');
  await page.getByRole('button', { name: 'Add result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a result' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Mesh file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: '3D results' }).getByText(name, { exact: true })).toBeVisible();
}

/**
 * In the open viewer, as staff, with the view to capture on screen: Figures tab → Capture figure → the
 * view → caption → Save figure; waits until the figure is listed with its caption.
 */
export async function captureFigureThroughUi(page: Page, { view, caption }: { view: string; caption: string }) {
  await openSidebarTab(page, 'Figures');
  await page.getByRole('button', { name: 'Capture figure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Capture a figure' });
  await dialog.getByRole('combobox', { name: 'View' }).click();
  await page.getByRole('option', { name: view }).click();
  await expect(dialog.getByRole('img', { name: 'The captured view' })).toBeVisible();
  await dialog.getByLabel('Caption').fill(caption);
  await dialog.getByRole('button', { name: 'Save figure' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Figures' }).getByText(caption)).toBeVisible();
}

/** As anyone who may see the analysis: the Figures tab shows the figure's thumbnail with its caption. */
export async function expectFigureListed(page: Page, caption: string) {
  await openSidebarTab(page, 'Figures');
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures.getByText(caption)).toBeVisible();
  const thumbnail = figures.getByRole('img', { name: caption });
  await expect(thumbnail).toBeVisible();
  // The PNG arrived and decoded (a broken image has no natural width).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}
