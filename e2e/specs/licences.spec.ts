import type { Locator, Page } from '@playwright/test';
import { signedInPage, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshOrganisationWithPhysician } from '../support/fresh-organisation.ts';

const NON_CLINICAL_ORDER = 'Analyses for selected device(s) will be non-clinical only.';
const TRIAL_USED_UP =
  "Your organisation's trial license allows 1 cases and they have all been requested. To continue, please contact us.";

/** A date input value N days from today (local), as the form's date fields take it. */
const inDays = (days: number): string => {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

async function choose(page: Page, label: string | RegExp, option: string | RegExp, exact = false) {
  await page.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option, exact }).click();
}

/** The licence manager (Venus Sales sees every organisation) opens the organisation's licences. */
async function openLicencesOf(page: Page, organisationName: string): Promise<void> {
  await page.goto('/licenses');
  await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Organisation' });
  await picker.fill(organisationName);
  await page.getByRole('option', { name: new RegExp(organisationName) }).click();
  await expect(page).toHaveURL(/org=/);
}

/** Setup: the physician follows the TAVI and LAAO trainings, which the Physician role may not skip. */
async function followTrainings(physician: Page): Promise<void> {
  for (const prefix of ['TAVI', 'LAAO']) {
    await physician.goto(`/training/${prefix}`);
    await physician.getByRole('button', { name: 'I have completed this training' }).click();
    await expect(physician.getByTestId('training-completed')).toBeVisible();
  }
}

async function addDevice(page: Page, device: string, options: { nonClinical?: boolean; trial?: string }) {
  await page.getByRole('button', { name: 'Add Device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Device' });
  await choose(page, /^Device/, device, true);
  if (options.trial) await choose(page, 'License', options.trial);
  if (options.nonClinical) {
    await dialog.getByRole('switch').first().uncheck();
    await expect(dialog.getByTestId('non-clinical-warning')).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
}

/** Spec §5 New analysis form: one anatomical analysis of `device`; answers the dialog after submitting. */
async function requestAnalysis(page: Page, intervention: string, device: string, patientId: string): Promise<Locator> {
  await page.goto('/cases');
  await page.getByRole('button', { name: 'Request analysis', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request analysis' });
  await choose(page, 'Intervention', intervention);
  await choose(page, 'Device', device, true);
  await dialog.getByRole('textbox', { name: /^Patient identifier/ }).fill(patientId);
  await choose(page, 'Sex', 'F', true);
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('77');
  await dialog.locator('input#expected-delivery-date').fill(inDays(10));
  await dialog.getByRole('button', { name: 'Request analysis' }).click();
  return dialog;
}

test('a licence manager licenses a non-clinical TAVI device and a one-case trial; the physician orders under them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // An organisation of this run's own: the spec licenses it, so it must start without any licence.
  const admin = await signedInPage(browser, baseURL ?? '', 'superuser@cardiomap.test');
  const clinic = await freshOrganisationWithPhysician(admin, 'E2E Licence Clinic');
  await admin.context().close();
  await signIn(page, 'venus-sales@cardiomap.test');
  await openLicencesOf(page, clinic.name);
  await expect(page.getByText('This organisation holds no device license.')).toBeVisible();

  // A non-clinical TAVI licence: the physician may order it, and is told it is non-clinical.
  await addDevice(page, 'TAVI · Evolut FX+', { nonClinical: true });
  const card = page.getByTestId('licence-card').filter({ hasText: 'Evolut FX+' });
  await expect(card.getByText('Anatomical analysis · Non-clinical')).toBeVisible();

  const physician = await signedInPage(browser, baseURL ?? '', clinic.physicianEmail);
  await followTrainings(physician);
  await physician.goto('/cases');
  // Exact: the empty list's own 'Request your first analysis' button is another way in.
  await physician.getByRole('button', { name: 'Request analysis', exact: true }).click();
  const dialog = physician.getByRole('dialog', { name: 'Request analysis' });
  await choose(physician, 'Intervention', 'Transcatheter Aortic Valve Implantation (TAVI)');
  await choose(physician, 'Device', 'Evolut FX+', true);
  await expect(dialog.getByText(NON_CLINICAL_ORDER)).toBeVisible();
  await physician.keyboard.press('Escape');
  const first = await requestAnalysis(
    physician,
    'Transcatheter Aortic Valve Implantation (TAVI)',
    'Evolut FX+',
    'E2E-LIC-TAVI',
  );
  await expect(physician.getByTestId('toast').filter({ hasText: 'Analysis requested:' })).toBeVisible();
  await expect(first).toBeHidden();

  // A trial of one case with a LAAO device: the second order is refused with the spec's message.
  await page.getByRole('button', { name: 'Add license' }).click();
  const trialDialog = page.getByRole('dialog', { name: 'Add trial license' });
  await trialDialog.getByRole('spinbutton', { name: /Case limit/ }).fill('1');
  await trialDialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('trial-usage')).toHaveText('0/1 cases used');
  await addDevice(page, 'LAAO · WATCHMAN FLX Pro', { trial: 'Trial license 1 (0/1 cases)' });
  await expect(page.getByTestId('trial-card').getByText('LAAO · WATCHMAN FLX Pro')).toBeVisible();

  const laao = 'Left Atrial Appendage Occlusion (LAAO)';
  await requestAnalysis(physician, laao, 'WATCHMAN FLX Pro', 'E2E-LIC-TRIAL-1');
  await expect(physician.getByTestId('toast').filter({ hasText: 'Analysis requested:' }).last()).toBeVisible();
  const refused = await requestAnalysis(physician, laao, 'WATCHMAN FLX Pro', 'E2E-LIC-TRIAL-2');
  await expect(refused.getByText(TRIAL_USED_UP)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('trial-usage')).toHaveText('1/1 cases used');
  await physician.context().close();
});
