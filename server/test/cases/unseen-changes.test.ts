import { CaseStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertCase, shareWith } from './case-fixtures.ts';

/** Issue 17 §3: the case list marks cases whose status changed since the user last opened them. */
describe('cases changed since last opened', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (who: string) => ({ headers: bearer(tokens[who] ?? '') });
  const seen = (who: string | null, id: string) =>
    t.app.inject({ method: 'PUT', url: `/api/cases/${id}/seen/`, ...(who ? as(who) : {}) });
  /** hasUnseenChange of the case on the caller's list (the list is what shows the badge). */
  async function marked(who: string, caseIdentifier: string): Promise<boolean | undefined> {
    const res = await t.app.inject({ method: 'GET', url: `/api/cases/?search=${caseIdentifier}`, ...as(who) });
    expect(res.statusCode).toBe(200);
    return res.json().results.find((c: { caseIdentifier: string }) => c.caseIdentifier === caseIdentifier)
      ?.hasUnseenChange;
  }
  /**
   * The user's last view of the case moved a second back, so the change that follows is later: PGlite's
   * clock steps in milliseconds, a view and a change made back to back can share a timestamp, and
   * "changed since last opened" is strictly later.
   */
  const openedASecondAgo = (who: string, caseId: string) =>
    t.database.query(
      `UPDATE case_views SET seen_at = seen_at - interval '1 second'
        WHERE case_id = $1 AND user_id = (SELECT id FROM users WHERE email = $2)`,
      [caseId, `${who}@cardiomap.test`],
    );
  const deliver = (orderId: string) =>
    t.app.inject({ method: 'POST', url: '/api/deliveries/', payload: { orderId }, ...as('case-manager') });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-manager']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  describe('PUT /api/cases/{id}/seen/', () => {
    it('requires authentication', async () => {
      expect((await seen(null, (await insertCase(t)).id)).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case and for a missing one", async () => {
      const c = await insertCase(t);
      expect((await seen('other-physician', c.id)).statusCode).toBe(404);
      expect((await seen('physician', '00000000-0000-4000-8000-0000000fffff')).statusCode).toBe(404);
    });

    it('answers 400 with a field message for an id that is not a UUID', async () => {
      const res = await seen('physician', 'not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('id');
    });

    it('answers 204 and clears the mark; the next change sets it again', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      expect(await marked('physician', c.caseIdentifier)).toBe(false);
      expect((await deliver(c.orderIds[0] ?? '')).statusCode).toBe(201);
      expect(await marked('physician', c.caseIdentifier)).toBe(true);

      const res = await seen('physician', c.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await marked('physician', c.caseIdentifier)).toBe(false);
      // Marked seen twice: still one row, still clear.
      expect((await seen('physician', c.id)).statusCode).toBe(204);
      expect(await marked('physician', c.caseIdentifier)).toBe(false);

      const reasonId = (await t.database.query<{ id: string }>('SELECT id FROM rejection_reasons LIMIT 1'))[0]?.id;
      const other = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      await seen('physician', other.id);
      await openedASecondAgo('physician', other.id);
      const rejected = await t.app.inject({
        method: 'PUT',
        url: `/api/cases/${other.id}/reject/`,
        payload: { reasonId, comment: '' },
        ...as('case-manager'),
      });
      expect(rejected.statusCode).toBe(200);
      expect(await marked('physician', other.caseIdentifier)).toBe(true);
    });
  });

  describe('hasUnseenChange on the case list', () => {
    it('is per user: the shared user sees it, staff who never opened the case do not', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      await deliver(c.orderIds[0] ?? '');
      expect(await marked('other-physician', c.caseIdentifier)).toBe(true);
      expect(await marked('case-manager', c.caseIdentifier)).toBe(false);
      await seen('other-physician', c.id);
      expect(await marked('other-physician', c.caseIdentifier)).toBe(false);
      expect(await marked('physician', c.caseIdentifier)).toBe(true);

      // Staff who opened it once are told about later changes.
      await seen('case-manager', c.id);
      await openedASecondAgo('case-manager', c.id);
      // The delivery completed the case; taking it back to in progress is the next change.
      await t.database.query('UPDATE cases SET status = $1 WHERE id = $2', [CaseStatus.IN_PROGRESS, c.id]);
      await t.app.inject({ method: 'PUT', url: `/api/cases/${c.id}/seen/`, ...as('physician') });
      expect(await marked('case-manager', c.caseIdentifier)).toBe(true);
      expect(await marked('physician', c.caseIdentifier)).toBe(false);
    });

    it("does not mark the uploader's own step (created to submitted)", async () => {
      const c = await insertCase(t, { status: CaseStatus.CREATED });
      await t.database.query('UPDATE cases SET status = $1 WHERE id = $2', [CaseStatus.SUBMITTED, c.id]);
      await t.app.inject({ method: 'PUT', url: `/api/cases/${c.id}/seen/`, ...as('case-manager') });
      expect(await marked('physician', c.caseIdentifier)).toBe(false);
    });
  });
});
