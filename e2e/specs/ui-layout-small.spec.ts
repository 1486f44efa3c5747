import type { Page } from '@playwright/test';
import { fillSignIn, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { ApiAs, createCaseByApi } from '../support/imaging.ts';

/** How far the page is wider than the window: a page that scrolls sideways cuts what is at its right. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The patient cells whose one-word text is broken over lines ("Hidde/n", "HVC-PAT-/0012"): a short
 * identifier must stay whole; only one longer than the cell may wrap.
 */
const brokenShortWords = (page: Page) =>
  page.getByRole('table', { name: 'Cases' }).evaluate((table) => {
    const broken: string[] = [];
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const column = headers.indexOf('Patient');
    if (column < 0) return broken;
    for (const row of table.querySelectorAll('tbody tr')) {
      const cell = row.children[column];
      const text = cell?.textContent ?? '';
      if (!cell || /\s/.test(text) || text.length > 16) continue;
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(text);
    }
    return broken;
  });

for (const viewport of [
  { width: 1024, height: 768, name: 'a 1024×768 laptop' },
  { width: 390, height: 844, name: 'a 390 px phone' },
]) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('sign-in, the case list and a case detail fit the width; identifiers stay whole', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
      expect(await sidewaysOverflow(page), 'the sign-in page').toBeLessThanOrEqual(0);
      await fillSignIn(page, 'physician@cardiomap.test');
      await expect(page).toHaveURL(/\/cases/);

      const identifier = `SMALL-${Date.now().toString(36)}`;
      const { id } = await createCaseByApi(await ApiAs.of(page), identifier);
      await page.goto('/cases?view=table');
      const table = page.getByRole('table', { name: 'Cases' });
      await expect(table.getByRole('row', { name: new RegExp(identifier) })).toBeVisible();
      expect(await sidewaysOverflow(page), 'the case list').toBeLessThanOrEqual(0);
      expect(await brokenShortWords(page)).toEqual([]);

      await page.goto(`/case-detail/${id}`);
      await expect(page.getByText(identifier).first()).toBeVisible();
      expect(await sidewaysOverflow(page), 'the case detail').toBeLessThanOrEqual(0);
    });

    test("staff's case list keeps 'Hidden' patient cells whole", async ({ page }) => {
      await signIn(page, 'case-analyst@cardiomap.test');
      await page.goto('/cases?view=table');
      const table = page.getByRole('table', { name: 'Cases' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      expect(await sidewaysOverflow(page), 'the case list').toBeLessThanOrEqual(0);
      expect(await brokenShortWords(page)).toEqual([]);
    });
  });
}
