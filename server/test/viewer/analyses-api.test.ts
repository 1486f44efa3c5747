import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, insertCase } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, insertAnalysis, insertStudy } from './analysis-fixtures.ts';

const delivered = { status: CaseStatus.IN_PROGRESS, orders: [{ service: 0 as const, status: OrderStatus.DELIVERED }] };
const undelivered = {
  status: CaseStatus.IN_PROGRESS,
  orders: [{ service: 0 as const, status: OrderStatus.IN_PROGRESS }],
};

/** analyses/ (spec §7 "Studies and viewer"): whoever sees the case sees them, except undelivered ones. */
describe('analyses API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);
  const studyOf = async (facts: Parameters<typeof insertCase>[1] = delivered) => {
    const c = await insertCase(t, facts);
    return { caseId: c.id, orderIds: c.orderIds, studyId: await insertStudy(t, c.id) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst', 'venus-support']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  describe('GET /api/analyses/', () => {
    it('requires authentication and a study_id', async () => {
      const { studyId } = await studyOf();
      expect((await call(null, 'GET', `/api/analyses/?study_id=${studyId}`)).statusCode).toBe(401);
      const res = await call('physician', 'GET', '/api/analyses/');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ study_id: ['This field is required'] });
    });

    it("answers 404 for another organisation's study", async () => {
      const { studyId } = await studyOf();
      expect((await call('other-physician', 'GET', `/api/analyses/?study_id=${studyId}`)).statusCode).toBe(404);
    });

    it("lists a delivered case's analyses to its clinician, an undelivered one's only to staff who may see them", async () => {
      const shown = await studyOf(delivered);
      const analysisId = await insertAnalysis(t, shown.studyId);
      const list = (await call('physician', 'GET', `/api/analyses/?study_id=${shown.studyId}`)).json();
      expect(list).toMatchObject({ count: 1, results: [{ id: analysisId, studyId: shown.studyId, type: 1 }] });

      const pending = await studyOf(undelivered);
      await insertAnalysis(t, pending.studyId);
      const hidden = await call('physician', 'GET', `/api/analyses/?study_id=${pending.studyId}`);
      expect(hidden.json()).toMatchObject({ count: 0, results: [] });
      expect((await call('venus-support', 'GET', `/api/analyses/?study_id=${pending.studyId}`)).json().count).toBe(1);
    });

    it('counts a finished case as not undelivered: a completed case shows its analyses', async () => {
      const done = await studyOf({
        status: CaseStatus.COMPLETED,
        orders: [{ service: 0, status: OrderStatus.IN_PROGRESS }],
      });
      await insertAnalysis(t, done.studyId);
      expect((await call('physician', 'GET', `/api/analyses/?study_id=${done.studyId}`)).json().count).toBe(1);
    });
  });

  describe('GET /api/analyses/{id}/', () => {
    it('answers 401, 404 (other organisation, undelivered for a clinician, missing) and 200', async () => {
      const shown = await studyOf(delivered);
      const id = await insertAnalysis(t, shown.studyId);
      expect((await call(null, 'GET', `/api/analyses/${id}/`)).statusCode).toBe(401);
      expect((await call('other-physician', 'GET', `/api/analyses/${id}/`)).statusCode).toBe(404);
      expect((await call('physician', 'GET', '/api/analyses/not-a-uuid/')).json()).toEqual({
        id: ['Must be a valid UUID.'],
      });
      expect((await call('physician', 'GET', `/api/analyses/${id}/`)).json()).toMatchObject({
        id,
        analysisResourceIds: [],
        landmarkIds: [],
        isPreliminary: false,
      });
      const pending = await studyOf(undelivered);
      const hiddenId = await insertAnalysis(t, pending.studyId);
      const hidden = await call('physician', 'GET', `/api/analyses/${hiddenId}/`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().detail).toBe('No analysis matches the given id.');
      expect((await call('case-analyst', 'GET', `/api/analyses/${hiddenId}/`)).statusCode).toBe(200);
    });
  });

  describe('POST /api/analyses/', () => {
    it('requires authentication', async () => {
      const { studyId } = await studyOf();
      expect((await call(null, 'POST', '/api/analyses/', { studyId, type: 1 })).statusCode).toBe(401);
    });

    it('names the fields that are wrong', async () => {
      const res = await call('case-analyst', 'POST', '/api/analyses/', { type: 9 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        studyId: ['This field is required'],
        type: ['Choose an analysis type (0–3).'],
      });
    });

    it("answers 404 for another organisation's study, 403 without simulations.add_analysisresource", async () => {
      const { studyId } = await studyOf();
      expect((await call('other-physician', 'POST', '/api/analyses/', { studyId, type: 1 })).statusCode).toBe(404);
      expect((await call('physician', 'POST', '/api/analyses/', { studyId, type: 1 })).statusCode).toBe(403);
    });

    it('refuses a canceled case and an order of another case', async () => {
      const canceled = await studyOf({ status: CaseStatus.CANCELED });
      expect(
        (await call('case-analyst', 'POST', '/api/analyses/', { studyId: canceled.studyId, type: 1 })).statusCode,
      ).toBe(409);
      const { studyId } = await studyOf(undelivered);
      const other = await studyOf(undelivered);
      const res = await call('case-analyst', 'POST', '/api/analyses/', {
        studyId,
        type: 1,
        orderId: other.orderIds[0],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ orderId: ['This order does not belong to the case of this study.'] });
    });

    it('creates the analysis and records it in the audit trail', async () => {
      const { caseId, studyId, orderIds } = await studyOf(undelivered);
      const res = await call('case-analyst', 'POST', '/api/analyses/', {
        studyId,
        type: 2,
        name: 'Simulation',
        orderId: orderIds[0],
        results: [{ name: 'Contact pressure', value: 0.4, unit: 'MPa' }],
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        studyId,
        type: 2,
        name: 'Simulation',
        orderId: orderIds[0],
        isPreliminary: false,
      });
      expect(created.results).toEqual([{ name: 'Contact pressure', value: 0.4, unit: 'MPa' }]);
      expect((await call('case-analyst', 'GET', `/api/analyses/${created.id}/`)).statusCode).toBe(200);
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis.create');
    });
  });

  describe('DELETE /api/analyses/{id}/', () => {
    it('answers 401, 404, 403 and 409 (canceled case)', async () => {
      const shown = await studyOf(delivered);
      const id = await insertAnalysis(t, shown.studyId);
      expect((await call(null, 'DELETE', `/api/analyses/${id}/`)).statusCode).toBe(401);
      expect((await call('other-physician', 'DELETE', `/api/analyses/${id}/`)).statusCode).toBe(404);
      expect((await call('physician', 'DELETE', `/api/analyses/${id}/`)).statusCode).toBe(403);
      const canceled = await studyOf({ status: CaseStatus.CANCELED });
      const kept = await insertAnalysis(t, canceled.studyId);
      expect((await call('case-analyst', 'DELETE', `/api/analyses/${kept}/`)).statusCode).toBe(409);
    });

    it('removes the analysis with its resources and their files', async () => {
      const { caseId, studyId } = await studyOf(undelivered);
      const id = await insertAnalysis(t, studyId);
      const created = (
        await call('case-analyst', 'POST', '/api/analysis-resources/', {
          analysisId: id,
          type: 1,
          name: 'Aorta',
          filename: 'aorta.stl',
        })
      ).json();
      await t.app.inject({ method: 'PUT', url: created.writeUrl, payload: Buffer.from('solid aorta') });
      const [row] = await t.database.query<{ key: string }>(
        'SELECT storage_key AS key FROM analysis_resources WHERE id = $1',
        [created.id],
      );
      expect(await t.app.storage.head(row?.key ?? '')).toEqual(expect.objectContaining({ size: 11 }));

      expect((await call('case-analyst', 'DELETE', `/api/analyses/${id}/`)).statusCode).toBe(204);
      expect((await call('case-analyst', 'GET', `/api/analyses/${id}/`)).statusCode).toBe(404);
      expect((await call('case-analyst', 'GET', `/api/analysis-resources/${created.id}/`)).statusCode).toBe(404);
      expect(await t.app.storage.head(row?.key ?? '')).toBeNull();
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis.delete');
    });
  });
});
