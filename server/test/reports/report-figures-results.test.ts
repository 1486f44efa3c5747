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
  const as = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true', PUBLIC_URL: 'https://cardiomap.example' } });
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    analyst = (await signIn(t, 'case-analyst@cardiomap.test')).access;
  }, 120_000);
  afterAll(async () => t.close());

  it('puts the figure caption and the numeric result into the PDF', async () => {
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

    expect((await as(manager, 'POST', '/api/deliveries/', { orderId: subject.orderId })).statusCode).toBe(201);
    let status: ReportStatus | undefined;
    for (let i = 0; i < 240; i += 1) {
      status = (await as(manager, 'GET', `/api/study-report/${subject.studyId}/`)).json() as ReportStatus;
      if (!status.generating && status.report) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status?.error).toBeNull();
    const pdf = await t.app.inject({ method: 'GET', url: status?.report?.readUrl ?? '' });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(CAPTION);
    expect(text).toContain('Aortic root volume');
    expect(text).toMatch(/61[.,]4\s*ml/);
  }, 180_000);
});
