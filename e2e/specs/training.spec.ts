import { signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

test('a trainee follows the TAVI training and it stays completed', async ({ page }) => {
  await signIn(page, 'trainee-physician@cardiomap.test');
  await page.goto('/training/TAVI');
  await expect(page.getByRole('heading', { name: /TAVI\) planning training/ })).toBeVisible();
  await page.getByRole('button', { name: 'I have completed this training' }).click();
  await expect(page.getByTestId('training-completed')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('training-completed')).toBeVisible();
  await page.goto('/training/LAAO');
  await expect(page.getByRole('button', { name: 'I have completed this training' })).toBeVisible();
});
