import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIMITS } from '../../src/modules/sharing/index.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DEVICE, insertCase, userId } from '../orders/fixtures.ts';

const PARALLEL = 20;

/** Issue 27: the invitation caps are counted under a lock, so parallel shares cannot pass them together. */
describe('invitation caps under concurrency', () => {
  let t: TestApp;

  const newCase = async (org: string, createdBy: string) =>
    (
      await insertCase(t, {
        org,
        prefix: 'TAVI',
        createdBy,
        patientIdentifier: `RACE-${Math.random().toString(36).slice(2, 8)}`,
        orders: [{ devices: [DEVICE.sapien3Ultra] }],
      })
    ).caseId;
  const shareAll = (token: string, shares: { caseId: string; email: string }[]) =>
    Promise.all(
      shares.map(({ caseId, email }) =>
        t.app.inject({ method: 'PUT', url: `/api/cases/${caseId}/share/`, headers: bearer(token), payload: { email } }),
      ),
    );
  const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
  const shareCount = async (where: string, value: string) =>
    (
      await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_events WHERE action = 'case.share' AND ${where} = $1`,
        [value],
      )
    )[0]?.n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it(`lets exactly ${INVITATION_LIMITS.perCasePerHour} of ${PARALLEL} parallel shares of one case pass`, async () => {
    const token = (await signIn(t, 'physician@cardiomap.test')).access;
    const caseId = await newCase('HVC', 'physician@cardiomap.test');
    const shares = Array.from({ length: PARALLEL }, (_, i) => ({ caseId, email: `race-case-${i}@example.com` }));

    const responses = await shareAll(token, shares);

    const cap = INVITATION_LIMITS.perCasePerHour;
    expect(statuses(responses)).toEqual([...Array(cap).fill(200), ...Array(PARALLEL - cap).fill(429)]);
    const rows = await t.database.query('SELECT 1 FROM shared_cases WHERE case_id = $1', [caseId]);
    expect(rows).toHaveLength(cap);
    expect(await shareCount('target_id', caseId)).toBe(cap);
  });

  it('shares and mails for a sharer whose names fill their columns (150 + 150 characters)', async () => {
    const email = 'physician@cardiomap.test';
    await t.database.query(
      "UPDATE users SET given_name = repeat('é', 149) || '😀', family_name = repeat('W', 150) WHERE email = $1",
      [email],
    );
    const token = (await signIn(t, email)).access;
    const caseId = await newCase('HVC', email);

    const [res] = await shareAll(token, [{ caseId, email: 'long-name@example.com' }]);

    expect(res?.statusCode).toBe(200);
    const [mail] = await t.database.query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE recipient = $1', [
      'long-name@example.com',
    ]);
    expect(mail?.subject.length).toBeLessThanOrEqual(300);
    expect(mail?.subject).toMatch(/^é+… shared CardioMap case HVC-TAVI-\w+ with you$/u);
  });

  it('lets exactly what is left of the per-user cap pass when one user shares many cases at once', async () => {
    const email = 'other-physician@cardiomap.test';
    const token = (await signIn(t, email)).access;
    const actorId = await userId(t, email);
    const left = 5;
    // Earlier invitations of the hour, as the audit trail records them (the cap is read from there).
    await t.database.query(
      `INSERT INTO audit_events (actor_id, action, target_type, target_id)
       SELECT $1, 'case.share', 'case', gen_random_uuid()::text FROM generate_series(1, $2::int)`,
      [actorId, INVITATION_LIMITS.perUserPerHour - left],
    );
    const shares = [];
    for (let i = 0; i < PARALLEL; i++) {
      shares.push({ caseId: await newCase('NCL', email), email: `race-user-${i}@example.com` });
    }

    const responses = await shareAll(token, shares);

    expect(statuses(responses)).toEqual([...Array(left).fill(200), ...Array(PARALLEL - left).fill(429)]);
    expect(await shareCount('actor_id', actorId)).toBe(INVITATION_LIMITS.perUserPerHour);
  });
});
