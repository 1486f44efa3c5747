import type { Locator } from '@playwright/test';
import { signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';

/** An element's content against its box: content wider than the box is cut (ellipsis, clipping, scroll). */
const widths = (locator: Locator) =>
  locator.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));

/**
 * An input's scrollWidth follows its value, not its placeholder: the placeholder is put in as the value
 * for the measurement (no input event, so the app does not see it) and the value put back.
 */
const placeholderWidths = (input: Locator) =>
  input.evaluate((element: HTMLInputElement) => {
    const value = element.value;
    element.value = element.placeholder;
    const measured = { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
    element.value = value;
    return measured;
  });

test.use({ viewport: { width: 1440, height: 900 } });

test('at 1440×900 the case table, the search placeholder and the viewer tabs are whole', async ({ page }) => {
  await signIn(page, 'physician@cardiomap.test');
  // A patient identifier of the full 100 characters, which a table cell that never wraps made too wide.
  const longIdentifier = `LAYOUT-${Date.now()}-${'X'.repeat(100)}`.slice(0, 100);
  await createCaseByApi(await ApiAs.of(page), longIdentifier);

  await page.goto('/cases?view=table');
  const table = page.getByRole('table', { name: 'Cases' });
  await expect(table.getByRole('row', { name: /LAYOUT-/ })).toBeVisible();
  const actions = table.getByRole('columnheader', { name: 'Actions' });
  const header = await widths(actions);
  expect(header.scrollWidth, '"Actions" is not cut inside its cell').toBeLessThanOrEqual(header.clientWidth);
  // Nor is the column cut off at the table's frame (the frame scrolls sideways when the table is wider).
  const frame = await widths(page.locator('.MuiTableContainer-root'));
  expect(frame.scrollWidth, 'the table fits its frame').toBeLessThanOrEqual(frame.clientWidth);
  await expect(actions).toBeInViewport({ ratio: 1 });

  const search = page.getByRole('textbox', { name: 'Search' });
  await expect(search).toHaveAttribute('placeholder', 'Case, patient or organisation');
  const placeholder = await placeholderWidths(search);
  expect(placeholder.scrollWidth, 'the search placeholder is whole').toBeLessThanOrEqual(placeholder.clientWidth);
  await expect(search).toHaveValue('');

  // The request dialog's time selects show their labels whole (issue 30 item 18).
  await page.getByRole('button', { name: 'Request analysis', exact: true }).click();
  const request = page.getByRole('dialog', { name: 'Request analysis' });
  for (const name of ['Intervention date time', 'Expected delivery date time']) {
    // The select's label is the first element its combobox is labelled by.
    const labelledBy = await request.getByRole('combobox', { name, exact: true }).getAttribute('aria-labelledby');
    const label = page.locator(`[id="${labelledBy?.split(' ')[0]}"]`);
    await expect(label).toHaveText(new RegExp(`^${name}`));
    const cut = await widths(label);
    expect(cut.scrollWidth, `${await label.textContent()} is whole`).toBeLessThanOrEqual(cut.clientWidth);
  }
  await page.keyboard.press('Escape');
  await expect(request).toBeHidden();

  // The viewer's sidebar: all four tabs whole and inside the sidebar, none scrolled out of sight.
  const api = await ApiAs.of(page);
  const cases = await api.get<{ results: { studyId: string | null; hasDeliveredOrder: boolean }[] }>(
    '/api/cases/?page_size=100',
  );
  const delivered = cases.results.find((c) => c.hasDeliveredOrder && c.studyId);
  if (!delivered?.studyId) throw new Error('The demo has no delivered case with a study.');
  await page.goto(`/study-viewer/${delivered.studyId}/3dsurfaceviewer`);
  const sidebar = page.getByRole('complementary', { name: 'Viewer sidebar' });
  const tabs = sidebar.getByRole('tab');
  await expect(tabs).toHaveText(['Object Settings', 'Details', 'Figures', 'Comments']);
  const box = await sidebar.boundingBox();
  for (const tab of await tabs.all()) {
    const { scrollWidth, clientWidth } = await widths(tab);
    expect(scrollWidth, `${await tab.textContent()} is whole`).toBeLessThanOrEqual(clientWidth);
    const tabBox = await tab.boundingBox();
    expect(tabBox && box && tabBox.x + tabBox.width <= box.x + box.width + 0.5).toBe(true);
  }
});
