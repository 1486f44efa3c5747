import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, insertCase, shareWith, userId } from './case-fixtures.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** case-rejections/ (spec §7 "Also named"; architecture.md §6.8): a case's rejection as a resource. */
describe('case-rejections/', () => {
  let t: TestApp;
  let reasonId: string;
  const tokens: Record<string, string> = {};
  const list = (who: string | null, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/case-rejections/${query}`,
      headers: who ? bearer(tokens[who] ?? '') : {},
    });
  const create = (who: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/case-rejections/',
      headers: who ? bearer(tokens[who] ?? '') : {},
      payload,
    });
  const orderStatuses = async (caseId: string) =>
    (await t.database.query<{ status: number }>('SELECT status FROM orders WHERE case_id = $1', [caseId])).map(
      (o) => o.status,
    );

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'lakeside-physician', 'case-manager']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
    reasonId = (await t.database.query<{ id: string }>('SELECT id FROM rejection_reasons LIMIT 1'))[0]?.id ?? '';
  });
  afterAll(async () => t.close());

  describe('POST /api/case-rejections/', () => {
    const body = (caseId: string) => ({ caseId, reasonId, comment: 'No contrast in the aortic root' });

    it('requires authentication', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      expect((await create(null, body(c.id))).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case, like a missing one", async () => {
      const c = await insertCase(t, { organisationCode: 'NCL', status: CaseStatus.IN_PROGRESS });
      const hidden = await create('physician', body(c.id));
      expect(hidden.statusCode).toBe(404);
      expect((await create('physician', body(MISSING))).json()).toEqual(hidden.json());
    });

    it('is forbidden without cases.add_caserejection, and on a case shared with the actor', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      expect((await create('physician', body(c.id))).statusCode).toBe(403);
      await shareWith(t, c.id, 'lakeside-physician@cardiomap.test');
      expect((await create('lakeside-physician', body(c.id))).statusCode).toBe(403);
      expect((await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}/`)).json().status).toBe(
        CaseStatus.IN_PROGRESS,
      );
    });

    it('names each invalid field', async () => {
      const missing = await create('case-manager', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ caseId: ['This field is required'], reasonId: ['This field is required'] });
      const malformed = await create('case-manager', { caseId: 'nope', reasonId: 'nope', comment: 'x'.repeat(5001) });
      expect(Object.keys(malformed.json()).sort()).toEqual(['caseId', 'comment', 'reasonId']);
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      const unknown = await create('case-manager', { caseId: c.id, reasonId: MISSING });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ reasonId: ['Select a valid rejection reason.'] });
    });

    it('answers 409 where the case door refuses: not in progress, or an order delivered', async () => {
      expect((await create('case-manager', body((await insertCase(t)).id))).statusCode).toBe(409);
      const delivered = await insertCase(t, {
        status: CaseStatus.IN_PROGRESS,
        orders: [{ service: 0, status: OrderStatus.DELIVERED }],
      });
      const res = await create('case-manager', body(delivered.id));
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('A case with a delivered analysis cannot be rejected.');
    });

    it('rejects a case in progress exactly as PUT cases/{id}/reject/ does, answering the rejection', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      const res = await create('case-manager', body(c.id));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        caseId: c.id,
        reasonId,
        comment: 'No contrast in the aortic root',
        rejectedBy: { id: await userId(t, 'case-manager@cardiomap.test'), email: 'case-manager@cardiomap.test' },
      });
      expect(res.json().reason).not.toBe('');
      expect(Date.parse(res.json().dateRejected)).not.toBeNaN();
      const theCase = (await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}/`)).json();
      expect(theCase).toMatchObject({
        status: CaseStatus.REJECTED,
        rejection: { reasonId, comment: 'No contrast in the aortic root' },
      });
      expect(await orderStatuses(c.id)).toEqual([OrderStatus.CANCELED]);
      expect(await auditActions(t, c.id)).toMatchObject([{ action: 'case.reject', details: { reasonId } }]);
      // Rejected is final: a second rejection is refused by the door.
      expect((await create('case-manager', body(c.id))).statusCode).toBe(409);
    });
  });

  describe('GET /api/case-rejections/?case_id=', () => {
    it('requires authentication', async () => {
      expect((await list(null, `?case_id=${(await insertCase(t)).id}`)).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case, like a missing one", async () => {
      const c = await insertCase(t, { organisationCode: 'NCL', status: CaseStatus.REJECTED });
      const hidden = await list('physician', `?case_id=${c.id}`);
      expect(hidden.statusCode).toBe(404);
      expect((await list('physician', `?case_id=${MISSING}`)).json()).toEqual(hidden.json());
    });

    it('names a missing or malformed case_id', async () => {
      const missing = await list('physician', '');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ case_id: ['This field is required'] });
      expect((await list('physician', '?case_id=nope')).json()).toEqual({ case_id: ['Must be a valid UUID.'] });
    });

    it('is an empty page while the case is not rejected', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      const res = await list('physician', `?case_id=${c.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('shows the rejection to whoever sees the case; who rejected it to staff only', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      await shareWith(t, c.id, 'lakeside-physician@cardiomap.test');
      expect((await create('case-manager', { caseId: c.id, reasonId, comment: 'Too noisy' })).statusCode).toBe(201);

      const staff = (await list('case-manager', `?case_id=${c.id}`)).json();
      expect(staff).toMatchObject({ count: 1, next: null, previous: null });
      expect(staff.results).toEqual([
        {
          caseId: c.id,
          reasonId,
          reason: expect.any(String),
          comment: 'Too noisy',
          rejectedBy: {
            id: await userId(t, 'case-manager@cardiomap.test'),
            email: 'case-manager@cardiomap.test',
            name: expect.any(String),
          },
          dateRejected: expect.any(String),
        },
      ]);
      for (const clinician of ['physician', 'lakeside-physician']) {
        const res = await list(clinician, `?case_id=${c.id}`);
        expect(res.statusCode, clinician).toBe(200);
        expect(res.json().results, clinician).toEqual([{ ...staff.results[0], rejectedBy: null }]);
      }
      const second = (await list('physician', `?case_id=${c.id}&page=2&page_size=1`)).json();
      expect(second).toMatchObject({ count: 1, next: null, results: [] });
      expect(second.previous).toContain('page=1');
    });

    it('answers a rejection no audit event records with its reason and comment, undated', async () => {
      const c = await insertCase(t, { status: CaseStatus.REJECTED });
      await t.database.query('UPDATE cases SET rejection_reason_id = $1, analyst_comment = $2 WHERE id = $3', [
        reasonId,
        'Seeded',
        c.id,
      ]);
      const res = (await list('case-manager', `?case_id=${c.id}`)).json();
      expect(res.results).toEqual([
        { caseId: c.id, reasonId, reason: expect.any(String), comment: 'Seeded', rejectedBy: null, dateRejected: null },
      ]);
    });
  });
});
