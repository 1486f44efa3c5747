import { signedInPage, signIn, storedTokens } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshOrganisationWithPhysician } from '../support/fresh-organisation.ts';

const ALL_ROLE_LINKS = ['analyses', 'settings', 'licenses', 'docs', 'contact'];
const withTemplates = ['analyses', 'settings', 'licenses', 'templates', 'docs', 'contact'];

/** Spec §2 "User menu" with the role → permission matrix of packages/domain: what each demo role sees. */
const EXPECTED: { email: string; role: string; links: string[] }[] = [
  {
    email: 'superuser@cardiomap.test',
    role: 'Superuser',
    links: ['analyses', 'settings', 'licenses', 'templates', 'users', 'audit', 'docs', 'contact'],
  },
  { email: 'clinical-services-manager@cardiomap.test', role: 'Clinical Services Manager', links: withTemplates },
  { email: 'case-manager@cardiomap.test', role: 'Case Manager', links: ALL_ROLE_LINKS },
  { email: 'case-analyst@cardiomap.test', role: 'Case Analyst', links: ALL_ROLE_LINKS },
  {
    email: 'customer-support@cardiomap.test',
    role: 'Customer Support',
    links: ['analyses', 'settings', 'licenses', 'users', 'audit', 'docs', 'contact'],
  },
  { email: 'venus-sales@cardiomap.test', role: 'Venus Sales', links: withTemplates },
  { email: 'venus-support@cardiomap.test', role: 'Venus Support', links: ALL_ROLE_LINKS },
  { email: 'physician@cardiomap.test', role: 'Physician', links: ALL_ROLE_LINKS },
  { email: 'field-clinical-specialist@cardiomap.test', role: 'Field Clinical Specialist', links: ALL_ROLE_LINKS },
  { email: 'terarecon-admin@cardiomap.test', role: 'Terarecon Admin', links: ALL_ROLE_LINKS },
  { email: 'development@cardiomap.test', role: 'Development', links: ALL_ROLE_LINKS },
  { email: 'template-manager@cardiomap.test', role: 'TemplateManager', links: withTemplates },
  { email: 'rnd-engineer@cardiomap.test', role: 'RnD Engineer', links: ALL_ROLE_LINKS },
];

for (const { email, role, links } of EXPECTED) {
  test(`${role} sees the menu of the role`, async ({ page }) => {
    await signIn(page, email);
    await expect(page).toHaveTitle(/^CardioMap – /);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-role')).toHaveText(role);
    await expect(page.getByTestId('user-menu-organisation')).toHaveText('@ Heart Valve Centre Rotterdam');
    const shown = await page
      .locator('[data-testid^="user-menu-link-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')?.replace('user-menu-link-', '')));
    expect(shown).toEqual(links);
    await expect(page.getByTestId('user-menu-logout')).toBeVisible();
  });
}

test('a user without organisation is sent to pendingregistration and sees no role links', async ({ page }) => {
  await signIn(page, 'pending@cardiomap.test');
  await expect(page).toHaveURL(/\/pendingregistration$/);
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-organisation')).toHaveText('Organisation pending');
  await expect(page.getByTestId('user-menu-role')).toHaveText('No role');
  const shown = await page
    .locator('[data-testid^="user-menu-link-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
  expect(shown).toEqual(['user-menu-link-contact']);
});

test('a user who has not approved the terms approves them and goes on', async ({ page, browser, baseURL }) => {
  // A user of this run's own: once approved, a seeded user's terms stay approved.
  const admin = await signedInPage(browser, baseURL ?? '', 'superuser@cardiomap.test');
  const { physicianEmail } = await freshOrganisationWithPhysician(admin, 'E2E Terms Clinic', { approvedTerms: false });
  await admin.context().close();
  await signIn(page, physicianEmail);
  await expect(page).toHaveURL(/\/terms\?redirect=%2F$/);
  await expect(page.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await page.getByLabel('I have read and accept the terms of use').check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/cases$/);
  await page.goto('/terms');
  await expect(page.getByText('You have accepted these terms.')).toBeVisible();
});

test('the menu links lead to their pages and log out returns to login with the session gone', async ({ page }) => {
  await signIn(page, 'physician@cardiomap.test');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-link-contact').click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page).toHaveTitle('CardioMap – Contact us');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // The page leaves for login first and ends the session after: wait for the cookie to go, not the URL.
  await expect.poll(() => storedTokens(page)).toEqual({ access: null, refresh: null });
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fterms$/);
});
