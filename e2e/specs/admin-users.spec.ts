import { signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';

const PASSWORD = 'Orbit-Lantern-Meadow-Quartz-2026';

test('the superuser creates a user, expires the password and marks the user inactive', async ({
  page,
  browser,
  request,
}) => {
  const email = `e2e-admin-${Date.now()}@cardiomap.test`;
  await signIn(page, 'superuser@cardiomap.test');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Users & Organisations' }).click();
  await expect(page).toHaveURL(/\/users-and-organisations/);

  // Create a user in an organisation.
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('E-mail').fill(email);
  await add.getByLabel('First name').fill('Erin');
  await add.getByLabel('Last name').fill('Endtoend');
  await add.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await add.getByLabel('Re-type password').fill(PASSWORD);
  await add.getByLabel('Organisation').fill('Heart Valve');
  await page.getByRole('option', { name: 'Heart Valve Centre Rotterdam' }).click();
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('User successfully created')).toBeVisible();

  // The new user signs in: an open session.
  const token = await request.post('/api/token/', { data: { email, password: PASSWORD } });
  expect(token.status()).toBe(200);
  const { access } = (await token.json()) as { access: string };
  const userinfo = () => request.get('/api/userinfo/', { headers: { authorization: `Bearer ${access}` } });
  expect((await userinfo()).status()).toBe(200);

  // Find the user and expire the password.
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await page.getByRole('cell', { name: email }).click();
  const form = page.getByRole('form', { name: 'Edit user' });
  await form.getByRole('button', { name: 'Expire password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Expire password' }).click();
  await expect(page.getByText('Password expired', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Expire password' })).toBeDisabled();

  // Signing in now leads to the expired-password flow.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('E-mail').fill(email);
  await otherPage.getByLabel('Password').fill(PASSWORD);
  await otherPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(otherPage.getByTestId('sign-in-error')).toContainText('Your password has expired.');
  await other.close();

  // Mark inactive: the open session gets 401 on its next request.
  await form.getByRole('button', { name: 'Mark inactive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark inactive' }).click();
  await expect(page.getByText('User marked inactive')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Mark active' })).toBeVisible();
  const after = await userinfo();
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { code: string }).code).toBe('token_not_valid');
});
