import { signedInPage, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshOrganisationWithPhysician } from '../support/fresh-organisation.ts';

test('a physician follows the TAVI training and it stays completed', async ({ page, browser, baseURL }) => {
  // A physician of this run's own: the spec completes a training, which a seeded user keeps for good.
  const admin = await signedInPage(browser, baseURL ?? '', 'superuser@cardiomap.test');
  const { physicianEmail } = await freshOrganisationWithPhysician(admin, 'E2E Training Clinic');
  await admin.context().close();
  await signIn(page, physicianEmail);
  await page.goto('/training/TAVI');
  await expect(page.getByRole('heading', { name: /TAVI\) planning training/ })).toBeVisible();
  await page.getByRole('button', { name: 'I have completed this training' }).click();
  await expect(page.getByTestId('training-completed')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('training-completed')).toBeVisible();
  await page.goto('/training/LAAO');
  await expect(page.getByRole('button', { name: 'I have completed this training' })).toBeVisible();
});
