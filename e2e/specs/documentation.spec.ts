import { signedInPage, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshOrganisationWithPhysician } from '../support/fresh-organisation.ts';

/** Where the hostile page goes: no demo organisation is in it, so no other spec reads it. */
const REGION = 'Middle East and Africa';

test('a physician opens the documentation from the user menu and reads the seeded guide', async ({ page }) => {
  await signIn(page, 'physician@cardiomap.test');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  // The demo physician works for a European and a North American centre, whose seeded guides are the
  // same: shown once (issue 30 #14).
  const sections = page.locator('section[aria-label="Documentation"]');
  await expect(sections).toHaveCount(1);
  const first = sections.first();
  for (const heading of ['1. Request an analysis', '2. Prepare the CT images', '4. Read the viewer']) {
    await expect(first.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(first.getByText('Slice thickness 0.5–1.0 mm', { exact: false }).first()).toBeVisible();
  // Production build: no version line.
  await expect(page.getByTestId('version-line')).toHaveCount(0);
});

test('Markdown with a script or an onerror image shows as text and runs nothing', async ({
  page,
  browser,
  baseURL,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page, 'superuser@cardiomap.test');
  await page.goto('/docs');
  await page.getByRole('button', { name: 'Edit page' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit documentation' });
  // A region no demo organisation is in: the seeded guides other specs read stay as they are.
  await editor.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: REGION }).click();
  const hostile = [
    '# Hostile page',
    '',
    '<script>window.__pwned = "script"; alert("script")</script>',
    '',
    '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">',
    '',
    '[click me](javascript:alert("link"))',
  ].join('\n');
  await editor.getByTestId('page-markdown').fill(hostile);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();
  await expect(editor).toBeHidden();

  // Read as a member of that region reads it.
  const { physicianEmail } = await freshOrganisationWithPhysician(page, 'E2E Docs Reader', { regionName: REGION });
  const reader = await signedInPage(browser, baseURL, physicianEmail);
  reader.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await reader.goto('/docs');
  const main = reader.locator('section[aria-label="Documentation"]');
  await expect(main.getByRole('heading', { name: 'Hostile page' })).toBeVisible();
  await expect(main.getByText('<script>window.__pwned = "script"; alert("script")</script>')).toBeVisible();
  await expect(main.getByText(`<img src="x" onerror="window.__pwned = 'img'; alert('img')">`)).toBeVisible();
  await expect(main.getByText('click me')).toBeVisible();
  await expect(main.locator('script, img, a')).toHaveCount(0);
  expect(await reader.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
