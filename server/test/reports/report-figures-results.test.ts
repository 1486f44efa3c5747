import type { ReportStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { figureAttributes, tinyPng } from '../viewer/result-files.ts';
import { insertReportCase, pdfText } from './report-fixtures.ts';

const CAPTION = 'Annulus plane, systole';

/**
 * Issue 17 §2 / issue 18: the report reads the delivered analysis's figures and numeric results through
 * `analysisReportInputs` (the app's wiring, not a stand-in). Both are added through the API, as the
 * viewer does, and must appear in the PDF poppler reads.
 */
describe('the report shows the figures and results of the delivered analysis', () => {
  let t: TestApp;
  let manager: string;
  let analyst: string;
  const as = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const reportJobs = async (caseId: string) =>
    (
      await t.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM jobs j JOIN job_types t ON t.id = j.job_type_id WHERE j.case_id = $1 AND t.name = 'report'",
        [caseId],
      )
    )[0]?.n;
  /** Generated report rows of the study per analysis version, oldest first: every version is kept. */
  const versions = async (studyId: string) =>
    (
      await t.database.query<{ version: number; n: number }>(
        `SELECT (attributes->>'analysisVersion')::int AS version, count(*)::int AS n FROM study_resources
          WHERE study_id = $1 AND type = 3 AND attributes->>'generated' = 'true' GROUP BY 1 ORDER BY 1`,
        [studyId],
      )
    ).map((row) => [row.version, row.n]);
  /** Waits until the caller's report is of `version` and no job runs (jobs run in this process). */
  const reportOf = async (studyId: string, version: number) => {
    let status: ReportStatus | undefined;
    for (let i = 0; i < 240; i += 1) {
      status = (await as(manager, 'GET', `/api/study-report/${studyId}/`)).json() as ReportStatus;
      if (!status.generating && status.report && !status.isOutdated && status.analysisVersion === version) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status?.error).toBeNull();
    expect(status?.analysisVersion).toBe(version);
    const pdf = await t.app.inject({ method: 'GET', url: status?.report?.readUrl ?? '' });
    expect(pdf.statusCode).toBe(200);
    return pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true', PUBLIC_URL: 'https://cardiomap.example' } });
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    analyst = (await signIn(t, 'case-analyst@cardiomap.test')).access;
  }, 120_000);
  afterAll(async () => t.close());

  it('puts figure captions and results into the PDF; changes to them or to a landmark make new versions', async () => {
    const subject = await insertReportCase(t);
    const png = tinyPng(40, 30);
    const created = await as(analyst, 'POST', '/api/analysis-resources/', {
      analysisId: subject.analysisId,
      type: 2,
      name: 'Figure',
      filename: 'figure.png',
      size: png.length,
      metadata: { mimeType: 'image/png' },
      attributes: figureAttributes(CAPTION),
    });
    expect(created.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PUT', url: created.json().writeUrl, payload: png })).statusCode).toBeLessThan(
      300,
    );
    const confirmed = await as(analyst, 'GET', `/api/analysis-resources/${created.json().id}/confirm-upload/`);
    expect(confirmed.statusCode).toBe(200);
    const results = [{ name: 'Aortic root volume', value: 61.4, unit: 'ml' }];
    expect((await as(analyst, 'PATCH', `/api/analyses/${subject.analysisId}/`, { results })).statusCode).toBe(200);

    // Before delivery an analyst's figures and results queue no report.
    expect(await reportJobs(subject.caseId)).toBe(0);
    expect((await as(manager, 'POST', '/api/deliveries/', { orderId: subject.orderId })).statusCode).toBe(201);
    const text = await reportOf(subject.studyId, 1);
    expect(text).toContain(CAPTION);
    expect(text).toContain('Aortic root volume');
    expect(text).toMatch(/61[.,]4\s*ml/);

    // Issue 18 §1: a change to a delivered analysis's figures or results makes a new version; the old stay.
    const figureId = created.json().id as string;
    const recaptioned = await as(analyst, 'PATCH', `/api/analysis-resources/${figureId}/attributes/`, {
      attributes: figureAttributes('Annulus plane, diastole'),
    });
    expect(recaptioned.statusCode).toBe(200);
    const v2 = await reportOf(subject.studyId, 2);
    expect(v2).toContain('Annulus plane, diastole');
    expect(v2).not.toContain(CAPTION);

    const renamed = [{ name: 'Aortic root volume (systole)', value: 63.2, unit: 'ml' }];
    expect((await as(analyst, 'PATCH', `/api/analyses/${subject.analysisId}/`, { results: renamed })).statusCode).toBe(
      200,
    );
    const v3 = await reportOf(subject.studyId, 3);
    expect(v3).toContain('Aortic root volume (systole)');
    expect(v3).toMatch(/63[.,]2\s*ml/);

    expect((await as(analyst, 'DELETE', `/api/analysis-resources/${figureId}/`)).statusCode).toBe(204);
    const v4 = await reportOf(subject.studyId, 4);
    expect(v4).not.toContain('Annulus plane, diastole');
    // A published landmark removed from the delivered analysis (by its creator) is a new version too.
    expect(v4).toContain('Aortic angle');
    const angleId = subject.landmarkIds[2] ?? '';
    expect((await as(analyst, 'DELETE', `/api/landmarks/${angleId}/`)).statusCode).toBe(204);
    const v5 = await reportOf(subject.studyId, 5);
    expect(v5).not.toContain('Aortic angle');
    // Two PDFs (with and without patient details) per version, none overwritten.
    expect(await versions(subject.studyId)).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
  }, 300_000);
});
