import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface EventRow {
  id: string;
  at: string;
  action: string;
  actorEmail: string | null;
  targetId: string | null;
}

describe('GET /api/audit-events/', () => {
  let t: TestApp;
  let superuser: string;
  let physician: string;
  let physicianId: string;

  const insertEvent = (action: string, at: string, targetId: string | null = null) =>
    t.database.query(
      `INSERT INTO audit_events (actor_id, action, target_type, target_id, at) VALUES ($1, $2, $3, $4, $5)`,
      [physicianId, action, targetId ? 'case' : null, targetId, at],
    );
  const list = async (query: string): Promise<{ count: number; results: EventRow[] }> => {
    const res = await getAs(t, superuser, `/api/audit-events/${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    physicianId = (await getAs(t, physician, '/api/userinfo/')).json().sub;
    await insertEvent('test.alpha', '2020-01-01T10:00:00Z', 'target-1');
    await insertEvent('test.alpha', '2020-02-01T10:00:00Z', 'target-2');
    await insertEvent('test.beta', '2020-03-01T10:00:00Z', 'target-1');
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit-events/' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_authenticated');
  });

  it('is refused to a physician, who is no administrator', async () => {
    const res = await getAs(t, physician, '/api/audit-events/');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'permission_denied',
      detail: 'Only administrators may read the audit trail.',
    });
  });

  it('answers the trail newest first to a superuser, sign-ins included', async () => {
    const body = await list('?page_size=100');
    const signIns = body.results.filter((e) => e.action === 'auth.sign_in');
    expect(signIns.map((e) => e.actorEmail)).toEqual(
      expect.arrayContaining(['superuser@cardiomap.test', 'physician@cardiomap.test']),
    );
    const times = body.results.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.count).toBe(body.results.length);
  });

  it('filters by action and by target', async () => {
    const alpha = await list('?action=test.alpha');
    expect(alpha.count).toBe(2);
    expect(alpha.results.map((e) => e.targetId)).toEqual(['target-2', 'target-1']);
    const target = await list('?target_id=target-1');
    expect(target.results.map((e) => e.action)).toEqual(['test.beta', 'test.alpha']);
  });

  it('filters by case and by user', async () => {
    const caseId = 'a1000000-0000-4000-8000-000000000001';
    await insertEvent('test.case', '2020-04-01T10:00:00Z', caseId);
    const ofCase = await list(`?case_id=${caseId}`);
    expect(ofCase.results.map((e) => e.action)).toEqual(['test.case']);
    const ofUser = await list(`?actor_id=${physicianId}&action=test.case`);
    expect(ofUser.count).toBe(1);
    expect((await getAs(t, superuser, '/api/audit-events/?case_id=nope')).json()).toMatchObject({
      case_id: ['Must be a valid UUID.'],
    });
  });

  it('bounds by since (inclusive) and until (exclusive)', async () => {
    const window = await list(
      `?since=${encodeURIComponent('2020-02-01T10:00:00Z')}&until=${encodeURIComponent('2020-03-01T10:00:00Z')}`,
    );
    expect(window.results.map((e) => `${e.action}@${e.targetId}`)).toEqual(['test.alpha@target-2']);
    const until = await list(`?until=${encodeURIComponent('2020-02-15T00:00:00+01:00')}`);
    expect(until.count).toBe(2);
  });

  it('answers 400 with a field message for a malformed since', async () => {
    const res = await getAs(t, superuser, '/api/audit-events/?since=yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ since: ['Enter a date and time with offset (ISO 8601).'] });
  });
});
