import { expect, type Locator, type Page } from '@playwright/test';
import { apiOf } from './viewer.ts';

/** Landmark steps in the viewer (from viewer.spec.ts), shared with the issue-17 journey. */

const JOB_FINISHED = [2, 3, 4];

export type Point = [number, number, number];
export interface Landmark {
  id: string;
  name: string;
  points: Point[];
  measurements: Record<string, number>;
  isPublished: boolean;
}
/** A landmark as the server created it, with the points the browser sent. */
export type Created = Landmark & { sent: Point[] };

export async function waitForJobs(page: Page, caseId: string) {
  const { call } = await apiOf(page);
  await expect
    .poll(
      async () => {
        const jobs = (await call<{ results: { status: number }[] }>('GET', `/api/jobs/?case_id=${caseId}`)).results;
        return jobs.length >= 2 && jobs.every((job) => JOB_FINISHED.includes(job.status));
      },
      { timeout: 120_000, message: 'ingest and surface jobs finished' },
    )
    .toBe(true);
}

export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Viewer sidebar' });
export const landmarkList = (page: Page) => sidebar(page).getByRole('list', { name: 'Landmarks' });
export const landmarkRow = (page: Page, name: string) =>
  landmarkList(page).getByRole('listitem').filter({ hasText: name });

export async function openDetails(page: Page) {
  await sidebar(page).getByRole('tab', { name: 'Details' }).click();
}

/**
 * Edit mode: a custom landmark of this geometry in the axial pane, then its points placed by clicking
 * (offsets in px from the pane's centre). Returns the draft bar.
 */
export async function drawLandmark(
  page: Page,
  name: string,
  geometry: string,
  points: [number, number][],
): Promise<Locator> {
  const form = page.getByRole('form', { name: 'New landmark' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Geometry').click();
  await page.getByRole('option', { name: geometry, exact: true }).click();
  await form.getByRole('button', { name: 'New landmark' }).click();
  const draft = page.getByLabel('Landmark being placed');
  await expect(draft).toContainText(`Placing ${name}: 0 point(s)`);
  const box = await page.getByTestId('mpr-pane-axial').boundingBox();
  if (!box) throw new Error('The axial pane is not on screen.');
  for (const [i, [dx, dy]] of points.entries()) {
    const x = box.x + box.width / 2 + dx;
    const y = box.y + box.height / 2 + dy;
    // The engine reads the patient point under the mouse on pointer moves; a press that barely moves
    // is a click for the placer (stack-notes: down, a 1 px move, up).
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 1, y);
    await page.mouse.up();
    await expect(draft).toContainText(`${i + 1} point(s)`);
  }
  return draft;
}

/** Draws a landmark (drawLandmark) and saves it: the server's answer, with the points the browser sent. */
export async function placeLandmark(
  page: Page,
  name: string,
  geometry: string,
  points: [number, number][],
): Promise<Created> {
  const draft = await drawLandmark(page, name, geometry, points);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/landmarks/') && response.request().method() === 'POST',
  );
  await draft.getByRole('button', { name: 'Save' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await expect(landmarkRow(page, name)).toContainText('(unpublished)');
  const sent = (response.request().postDataJSON() as { points: Point[] }).points;
  return { ...((await response.json()) as Landmark), sent };
}
