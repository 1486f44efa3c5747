import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, shareWith } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { requester, tokensFor } from './viewer-fixtures.ts';

/** The writes of studies/ and study-resources/ (spec §7): report upload, interpolation, study options. */
describe('study writes', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  let caseId: string;
  let studyId: string;
  let volumeId: string;
  let dicomId: string;
  let orderId: string;

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, await tokensFor(t, ['physician', 'other-physician', 'case-analyst', 'case-manager']));
    const c = await insertCase(t, { status: 2 });
    caseId = c.id;
    orderId = c.orderIds[0] ?? '';
    ({ studyId, resourceId: volumeId } = await insertStudyWithVolume(t, c.id));
    const [dicom] = await t.database.query<{ id: string }>(
      `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size)
       VALUES ($1, 1, 'Pseudonymised DICOM', 'dicom.zip', 'application/zip', 'x/dicom.zip', 10) RETURNING id`,
      [studyId],
    );
    dicomId = dicom?.id ?? '';
  }, 180_000);
  afterAll(async () => t.close());

  describe('PATCH studies/{id}/', () => {
    it('orders the study visualisations, for staff with simulations.change_study', async () => {
      const url = `/api/studies/${studyId}/`;
      const ids: string[] = [];
      for (const name of ['a', 'b']) {
        const [v] = await t.database.query<{ id: string }>(
          `INSERT INTO visualisations (study_id, name, "order") VALUES ($1, $2, 0) RETURNING id`,
          [studyId, name],
        );
        ids.push(v?.id ?? '');
      }
      const [a = '', b = ''] = ids;
      expect((await call(null, 'PATCH', url, { visualisationIds: [b, a] })).statusCode).toBe(401);
      expect((await call('other-physician', 'PATCH', url, { visualisationIds: [b, a] })).statusCode).toBe(404);
      const denied = await call('case-analyst', 'PATCH', url, { visualisationIds: [b, a] });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({
        detail: 'You do not have permission to change this study.',
        code: 'permission_denied',
      });
      expect((await call('case-manager', 'PATCH', url, { visualisationIds: ['x'] })).json()).toEqual({
        visualisationIds: { 0: ['Must be a valid UUID.'] },
      });
      expect((await call('case-manager', 'PATCH', url, { visualisationIds: [a] })).json()).toEqual({
        visualisationIds: ['Name each visualisation of this study once, and only those.'],
      });
      const patched = await call('case-manager', 'PATCH', url, { visualisationIds: [b, a] });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({ id: studyId, visualisationIds: [b, a], dicomVolumeId: volumeId });
      expect((await call('physician', 'GET', url)).json().visualisationIds).toEqual([b, a]);
    });
  });

  describe('study-resources/ reports', () => {
    let reportId: string;
    let writeUrl: string;
    const body = () => ({ studyId, orderId, type: 3, name: 'Report', filename: 'HVC-report.pdf' });

    it('POST registers a PDF report and answers a signed upload URL', async () => {
      const url = '/api/study-resources/';
      expect((await call(null, 'POST', url, body())).statusCode).toBe(401);
      expect((await call('other-physician', 'POST', url, body())).statusCode).toBe(404);
      expect((await call('physician', 'POST', url, body())).statusCode).toBe(403);
      expect((await call('case-analyst', 'POST', url, { ...body(), type: 2 })).json()).toEqual({
        type: ['Only a PDF report (type 3) can be added here.'],
      });
      expect((await call('case-analyst', 'POST', url, { ...body(), filename: '' })).json()).toEqual({
        filename: ['This field is required'],
      });
      const other = await insertCase(t, { status: 2 });
      expect((await call('case-analyst', 'POST', url, { ...body(), orderId: other.orderIds[0] })).json()).toEqual({
        orderId: ['This order does not belong to the case of this study.'],
      });
      const created = await call('case-analyst', 'POST', url, body());
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        studyId,
        type: 3,
        name: 'Report',
        filename: 'HVC-report.pdf',
        metadata: { mimeType: 'application/pdf' },
        size: null,
        readUrl: null,
        writeUrl: expect.any(String),
      });
      reportId = created.json().id;
      writeUrl = created.json().writeUrl;
      // Not uploaded yet: not the study's report.
      expect((await call('physician', 'GET', `/api/studies/${studyId}/`)).json()).toMatchObject({
        pdfReportId: null,
        hasPdfReport: false,
      });
    });

    it('confirm-upload answers upload_missing until the file arrived, then marks it the study report', async () => {
      const url = `/api/study-resources/${reportId}/confirm-upload/`;
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call('other-physician', 'GET', url)).statusCode).toBe(404);
      expect((await call('physician', 'GET', url)).statusCode).toBe(403);
      const early = await call('case-analyst', 'GET', url);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ detail: 'The report never arrived: upload it again.', code: 'upload_missing' });
      const put = await t.app.inject({ method: 'PUT', url: writeUrl, payload: Buffer.from('%PDF-1.7 report') });
      expect(put.statusCode).toBeLessThan(300);
      const confirmed = await call('case-analyst', 'GET', url);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ id: reportId, size: 15, readUrl: expect.any(String) });
      expect((await call('case-analyst', 'GET', url)).json().size).toBe(15);
      const bytes = await t.app.inject({ method: 'GET', url: confirmed.json().readUrl });
      expect(bytes.body).toBe('%PDF-1.7 report');
      expect((await call('physician', 'GET', `/api/studies/${studyId}/`)).json()).toMatchObject({
        pdfReportId: reportId,
        hasPdfReport: true,
      });
    });

    it('DELETE removes a report, never the DICOM or the volume', async () => {
      const url = `/api/study-resources/${reportId}/`;
      expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
      expect((await call('other-physician', 'DELETE', url)).statusCode).toBe(404);
      expect((await call('physician', 'DELETE', url)).statusCode).toBe(403);
      for (const id of [dicomId, volumeId]) {
        const refused = await call('case-analyst', 'DELETE', `/api/study-resources/${id}/`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          nonFieldErrors: [
            'The pseudonymised DICOM and the volume are made by processing the images and cannot be removed.',
          ],
        });
      }
      expect((await call('case-analyst', 'DELETE', url)).statusCode).toBe(204);
      expect((await call('case-analyst', 'GET', url)).statusCode).toBe(404);
      expect(await t.app.storage.head(`studies/${studyId}/reports/${reportId}/HVC-report.pdf`)).toBeNull();
      expect((await call('physician', 'GET', `/api/studies/${studyId}/`)).json().pdfReportId).toBeNull();
    });
  });

  describe('PATCH study-resources/{id}/attributes/', () => {
    const url = () => `/api/study-resources/${volumeId}/attributes/`;

    it('sets the volume interpolation on an undelivered, unfinished case with the permission', async () => {
      expect((await call(null, 'PATCH', url(), { interpolationType: 1 })).statusCode).toBe(401);
      expect((await call('other-physician', 'PATCH', url(), { interpolationType: 1 })).statusCode).toBe(404);
      expect((await call('physician', 'PATCH', url(), { interpolationType: 1 })).statusCode).toBe(403);
      expect((await call('case-analyst', 'PATCH', url(), { interpolationType: 2 })).json()).toEqual({
        interpolationType: ['Choose interpolation type 0 or 1.'],
      });
      expect(
        (
          await call('case-analyst', 'PATCH', `/api/study-resources/${dicomId}/attributes/`, { interpolationType: 1 })
        ).json(),
      ).toEqual({ nonFieldErrors: ['Only the volume (type 2) has an interpolation type.'] });
      const set = await call('case-analyst', 'PATCH', url(), { interpolationType: 1 });
      expect(set.statusCode).toBe(200);
      // The geometry stays: only the interpolation changes.
      expect(set.json().attributes).toMatchObject({ interpolationType: 1, dimensions: [512, 512, 134] });
    });

    it('refuses once an order is delivered (409 results_delivered); a shared colleague may not', async () => {
      await shareWith(t, caseId, 'other-physician@cardiomap.test');
      expect((await call('other-physician', 'PATCH', url(), { interpolationType: 0 })).statusCode).toBe(403);
      await t.database.query('UPDATE orders SET status = 2 WHERE id = $1', [orderId]);
      const locked = await call('case-analyst', 'PATCH', url(), { interpolationType: 0 });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().code).toBe('results_delivered');
    });
  });
});
