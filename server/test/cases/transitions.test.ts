import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { grantPermissions } from '../orders/fixtures.ts';
import { auditActions, insertCase, shareWith, userId } from './case-fixtures.ts';

describe('case transitions: cancel, reject, assign a case responsible', () => {
  let t: TestApp;
  let reasonId: string;
  const tokens: Record<string, string> = {};
  const put = (who: string | null, url: string, payload?: object) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: who ? bearer(tokens[who] ?? '') : {},
      ...(payload ? { payload } : {}),
    });
  const orderStatuses = async (caseId: string) =>
    (
      await t.database.query<{ status: number }>('SELECT status FROM orders WHERE case_id = $1 ORDER BY service', [
        caseId,
      ])
    ).map((o) => o.status);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-manager', 'field-clinical-specialist']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
    reasonId = (await t.database.query<{ id: string }>('SELECT id FROM rejection_reasons LIMIT 1'))[0]?.id ?? '';
  });
  afterAll(async () => t.close());

  describe('PUT /api/cases/{id}/cancel/', () => {
    const cancel = (who: string | null, id: string) => put(who, `/api/cases/${id}/cancel/`);

    it('requires authentication', async () => {
      expect((await cancel(null, (await insertCase(t)).id)).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case", async () => {
      expect((await cancel('other-physician', (await insertCase(t)).id)).statusCode).toBe(404);
    });

    it('cancels a created case and its orders in progress, and audits it', async () => {
      const c = await insertCase(t);
      const res = await cancel('physician', c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: CaseStatus.CANCELED,
        canBeCanceled: false,
        services: [{ status: 2 }],
      });
      expect(await orderStatuses(c.id)).toEqual([OrderStatus.CANCELED]);
      expect(await auditActions(t, c.id)).toMatchObject([{ action: 'case.cancel', details: { from: 0 } }]);
    });

    it('is forbidden without the permission or for a case shared with the actor', async () => {
      const c = await insertCase(t);
      expect((await cancel('field-clinical-specialist', c.id)).statusCode).toBe(403);
      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      const shared = await cancel('other-physician', c.id);
      expect(shared.statusCode).toBe(403);
      expect(shared.json().detail).toBe('A case shared with you cannot be canceled.');
      const inProgress = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      expect((await cancel('physician', inProgress.id)).statusCode).toBe(403);
    });

    it('answers 409 when the status does not allow it', async () => {
      const canceled = await insertCase(t, { status: CaseStatus.CANCELED });
      const res = await cancel('physician', canceled.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This case is canceled.');
      const delivered = await insertCase(t, {
        status: CaseStatus.IN_PROGRESS,
        orders: [{ service: 0, status: OrderStatus.DELIVERED }],
      });
      const partly = await cancel('case-manager', delivered.id);
      expect(partly.statusCode).toBe(409);
      expect(partly.json().detail).toBe('A case with delivered or canceled analyses cannot be canceled.');
    });

    it('lets the physician give up a case whose images were unusable (invalid input)', async () => {
      const c = await insertCase(t, { status: CaseStatus.INVALID_INPUT });
      const res = await cancel('physician', c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: CaseStatus.CANCELED });
      expect(await orderStatuses(c.id)).toEqual([OrderStatus.CANCELED]);
    });

    it('lets an analyst cancel a case under evaluation whose orders are all in progress', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      expect((await cancel('case-manager', c.id)).json().status).toBe(CaseStatus.CANCELED);
    });

    it('applies exactly one of two concurrent cancels', async () => {
      const c = await insertCase(t);
      const results = await Promise.all([cancel('physician', c.id), cancel('physician', c.id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await auditActions(t, c.id)).filter((a) => a.action === 'case.cancel')).toHaveLength(1);
    });
  });

  describe('PUT /api/cases/{id}/reject/', () => {
    const reject = (who: string | null, id: string, payload: object = { reasonId, comment: 'Too noisy' }) =>
      put(who, `/api/cases/${id}/reject/`, payload);

    it('requires authentication', async () => {
      expect((await reject(null, (await insertCase(t)).id)).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case", async () => {
      const c = await insertCase(t, { organisationCode: 'NCL', status: CaseStatus.IN_PROGRESS });
      expect((await reject('physician', c.id)).statusCode).toBe(404);
    });

    it('is forbidden without the permission', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      expect((await reject('physician', c.id)).statusCode).toBe(403);
    });

    it('is forbidden on a case shared with the actor, even with the permission', async () => {
      await grantPermissions(t, 'other-physician@cardiomap.test', ['cases.add_caserejection']);
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      const res = await reject('other-physician', c.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('A case shared with you cannot be rejected.');
      expect((await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}/`)).json().status).toBe(
        CaseStatus.IN_PROGRESS,
      );
    });

    it('answers 400 for a missing or unknown reason', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      expect((await reject('case-manager', c.id, {})).json()).toEqual({ reasonId: ['This field is required'] });
      const unknown = await reject('case-manager', c.id, { reasonId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ reasonId: ['Select a valid rejection reason.'] });
    });

    it('answers 409 outside in progress or with a delivered order', async () => {
      const created = await insertCase(t);
      expect((await reject('case-manager', created.id)).statusCode).toBe(409);
      const delivered = await insertCase(t, {
        status: CaseStatus.IN_PROGRESS,
        orders: [{ service: 0, status: OrderStatus.DELIVERED }],
      });
      const res = await reject('case-manager', delivered.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('A case with a delivered analysis cannot be rejected.');
    });

    it('rejects a case in progress with the reason and comment, canceling its orders', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      const res = await reject('case-manager', c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: CaseStatus.REJECTED,
        analystComment: 'Too noisy',
        rejection: { reasonId, comment: 'Too noisy' },
        isRejectable: false,
      });
      expect(res.json().rejection.reason).not.toBe('');
      expect(await orderStatuses(c.id)).toEqual([OrderStatus.CANCELED]);
      expect(await auditActions(t, c.id)).toMatchObject([{ action: 'case.reject' }]);
    });
  });

  describe('PUT /api/cases/{id}/assign-case-responsible/', () => {
    const assign = async (who: string | null, id: string, email: string) =>
      put(who, `/api/cases/${id}/assign-case-responsible/`, { caseResponsibleId: await userId(t, email) });

    it('requires authentication', async () => {
      expect((await assign(null, (await insertCase(t)).id, 'physician@cardiomap.test')).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case", async () => {
      const c = await insertCase(t);
      expect((await assign('other-physician', c.id, 'other-physician@cardiomap.test')).statusCode).toBe(404);
    });

    it('is forbidden without the permission', async () => {
      const c = await insertCase(t);
      expect((await assign('physician', c.id, 'trainee-physician@cardiomap.test')).statusCode).toBe(403);
    });

    it("answers 400 for a user outside the case's organisation", async () => {
      const c = await insertCase(t);
      const res = await assign('case-manager', c.id, 'other-physician@cardiomap.test');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ caseResponsibleId: ["This user is not a member of the case's organisation."] });
      const bad = await put('case-manager', `/api/cases/${c.id}/assign-case-responsible/`, { caseResponsibleId: 'x' });
      expect(bad.json()).toEqual({ caseResponsibleId: ['Must be a valid UUID.'] });
    });

    it('answers 400 for a member who may not request analyses (issue 30 #10)', async () => {
      const c = await insertCase(t);
      const res = await assign('case-manager', c.id, 'venus-sales@cardiomap.test');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        caseResponsibleId: ['The case responsible must be someone who may request analyses.'],
      });
      expect(await auditActions(t, c.id)).toEqual([]);
    });

    it('makes a member of the organisation responsible and audits it', async () => {
      const c = await insertCase(t);
      const res = await assign('case-manager', c.id, 'trainee-physician@cardiomap.test');
      expect(res.statusCode).toBe(200);
      expect(res.json().caseResponsible).toMatchObject({ email: 'trainee-physician@cardiomap.test' });
      const seen = await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}/`);
      expect(seen.json().caseResponsibleId).toBe(await userId(t, 'trainee-physician@cardiomap.test'));
      expect(await auditActions(t, c.id)).toMatchObject([{ action: 'case.assign_responsible' }]);
    });
  });
});
