import { type Case, routes, type Study } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { CASE_ID, caseFixture, page } from '../testing/case-fixtures.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup({ applyAccept: false });
const STUDY_ID = 'b0000000-0000-4000-8000-000000000001';
const CONFIG_ID = 'b4000000-0000-4000-8000-000000000001';
const STAFF = [P.addStudyResource, P.processNonResearchCase];

const study = (legacyConfigId: string | null): Study => ({
  id: STUDY_ID,
  caseId: CASE_ID,
  caseIdentifier: 'HVC-TAVI-00042',
  dicomVolumeId: null,
  pdfReportId: null,
  hasPdfReport: false,
  analysisIds: [],
  resourceIds: legacyConfigId ? [legacyConfigId] : [],
  visualisationIds: [],
  dateCreated: '2026-11-20T09:00:00.000Z',
  phases: [],
  legacyConfigId,
});

function showCase(kase: Case, permissions: string[]) {
  signInAs({ canAccessCaseDetails: true, permissions });
  server.use(apiHandler(routes.getCase, () => HttpResponse.json(kase)));
  renderApp(`/case-detail/${CASE_ID}`);
}
const findButton = (name: string) => screen.findByRole('button', { name }, { timeout: 10_000 });
const jsonFile = (content: string, name = 'config.json') => new File([content], name, { type: 'application/json' });

beforeEach(() => {
  server.use(
    apiHandler(routes.listInputData, () => HttpResponse.json(page([]))),
    apiHandler(routes.listStudyResources, () => HttpResponse.json(page([]))),
    apiHandler(routes.getStudy, () => HttpResponse.json(study(null))),
  );
});

describe('legacy simulation results (spec §7 legacy-config)', () => {
  it('sends the file and the case identifier as form data, then says so', async () => {
    let sent: { configFile: unknown; caseIdentifier: unknown; type: string | null } | null = null;
    server.use(
      apiHandler(routes.uploadLegacyConfig, async ({ request }) => {
        const form = await request.formData();
        const file = form.get('configFile');
        sent = {
          configFile: file instanceof File ? [file.name, await file.text()] : file,
          caseIdentifier: form.get('caseIdentifier'),
          type: request.headers.get('content-type'),
        };
        return HttpResponse.json(study(CONFIG_ID));
      }),
    );
    showCase(caseFixture({ studyId: STUDY_ID }), STAFF);
    await user.click(await findButton('Legacy simulation results'));
    const dialog = await screen.findByRole('dialog', { name: 'Legacy simulation results' });
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Configuration file'), jsonFile('{"scenes": []}'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Legacy simulation results stored');
    expect(sent).toMatchObject({
      configFile: ['config.json', '{"scenes": []}'],
      caseIdentifier: 'HVC-TAVI-00042',
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
    });
    expect(screen.queryByRole('dialog', { name: 'Legacy simulation results' })).not.toBeInTheDocument();
  });

  it('puts the server’s field message on the file and keeps the dialog open', async () => {
    server.use(
      apiHandler(routes.uploadLegacyConfig, () =>
        HttpResponse.json(
          { configFile: ['The configuration file names another case: HVC-TAVI-00007.'] },
          { status: 400 },
        ),
      ),
    );
    showCase(caseFixture({ studyId: STUDY_ID }), STAFF);
    await user.click(await findButton('Legacy simulation results'));
    const dialog = await screen.findByRole('dialog', { name: 'Legacy simulation results' });
    await user.upload(within(dialog).getByLabelText('Configuration file'), jsonFile('{}'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('The configuration file names another case: HVC-TAVI-00007.')).toBeVisible();
    expect(within(dialog).getByLabelText('Configuration file')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a file that is not JSON before sending it', async () => {
    showCase(caseFixture({ studyId: STUDY_ID }), STAFF);
    await user.click(await findButton('Legacy simulation results'));
    const dialog = await screen.findByRole('dialog', { name: 'Legacy simulation results' });
    await user.upload(
      within(dialog).getByLabelText('Configuration file'),
      new File(['a,b'], 'config.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).getByText('The configuration file must be a JSON file (.json).')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('is disabled with the reason on a finished case', async () => {
    showCase(caseFixture({ studyId: STUDY_ID, status: 3 }), STAFF);
    expect(await findButton('Legacy simulation results')).toHaveAttribute('aria-disabled', 'true');
  });

  it('is not offered without the permission', async () => {
    showCase(caseFixture({ studyId: STUDY_ID }), [P.processNonResearchCase, P.addOrder]);
    await findButton('Order simulation');
    expect(screen.queryByRole('button', { name: 'Legacy simulation results' })).not.toBeInTheDocument();
  });
});
