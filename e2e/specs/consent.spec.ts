import { expect, test } from '@playwright/test';

test('the cookie dialog stays until a choice is stored, and the choice survives reloads', async ({ page, context }) => {
  await page.goto('/login');
  const dialog = page.getByTestId('cookie-consent');
  await expect(dialog).toBeVisible();
  const style = await dialog.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { width: element.getBoundingClientRect().width, zIndex: computed.zIndex, position: computed.position };
  });
  expect(style).toEqual({ width: 600, zIndex: '1000', position: 'fixed' });
  await expect(dialog.getByRole('link', { name: 'Read the cookie policy' })).toHaveAttribute('href', '/cookiepolicy');

  await page.goto('/contact');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept Functional Only' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const [cookie] = (await context.cookies()).filter((c) => c.name === 'cm_consent');
  expect(cookie?.value).toBe('functional');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
});

test('accepting all is remembered as such', async ({ page, context }) => {
  await page.goto('/cookiepolicy');
  await expect(page.getByRole('heading', { name: 'Cookie policy' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept all' }).click();
  await page.reload();
  await expect(page.getByTestId('cookie-consent')).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'cm_consent')?.value).toBe('all');
});
