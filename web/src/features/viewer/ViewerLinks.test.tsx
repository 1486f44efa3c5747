import { CaseStatus, routes } from '@cardiomap/contract';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { CASE_ID, caseFixture, page } from '../cases/testing/case-fixtures.ts';
import { STUDY_ID } from './testing/viewer-fixtures.ts';

setUpMockApi();
vi.setConfig({ testTimeout: 20_000 });

function showCase(overrides: Parameters<typeof caseFixture>[0], flags: Parameters<typeof signInAs>[0] = {}) {
  signInAs({ canAccessCaseDetails: true, ...flags });
  server.use(
    apiHandler(routes.getCase, () => HttpResponse.json(caseFixture(overrides))),
    apiHandler(routes.listJobs, () => HttpResponse.json(page([]))),
    apiHandler(routes.listInputData, () => HttpResponse.json(page([]))),
  );
  return renderApp(`/case-detail/${CASE_ID}/details`);
}

describe('viewer links on case detail (spec §2 named routes study and mprviewer)', () => {
  it('a completed case with a study: View result opens the 3D view', async () => {
    showCase({ status: CaseStatus.COMPLETED, studyId: STUDY_ID });
    expect(await screen.findByRole('link', { name: 'View result' })).toHaveAttribute(
      'href',
      `/study-viewer/${STUDY_ID}/3dsurfaceviewer`,
    );
    expect(screen.queryByRole('link', { name: 'View dicom' })).not.toBeInTheDocument();
  });

  it('an analyst gets View dicom on a case in progress', async () => {
    showCase({ status: CaseStatus.IN_PROGRESS, studyId: STUDY_ID }, { canViewUndeliveredAnalyses: true });
    expect(await screen.findByRole('link', { name: 'View dicom' })).toHaveAttribute(
      'href',
      `/study-viewer/${STUDY_ID}/mprviewer`,
    );
  });

  it('no links for a clinician while the results are pending', async () => {
    showCase({ status: CaseStatus.IN_PROGRESS, studyId: STUDY_ID, hasDeliveredOrder: false });
    expect(await screen.findByRole('heading', { name: 'HVC-TAVI-00042' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View result' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View dicom' })).not.toBeInTheDocument();
  });

  it('says the images and results are not available where access is denied', async () => {
    showCase({ status: CaseStatus.COMPLETED, studyId: STUDY_ID, hasDeliveredOrder: true, accessDenied: true });
    expect(
      await screen.findByText('The images and results of this case are not available to you.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View result' })).not.toBeInTheDocument();
  });
});
