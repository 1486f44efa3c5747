import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIMITS } from '../../src/modules/sharing/index.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { lastMailTo } from '../helpers/outbox.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DEVICE, insertCase } from '../orders/fixtures.ts';

/** Issue 22 §1: invitation links never follow the request's Host, and invitations are capped. */
describe('invitations: links from PUBLIC_URL only, capped per user and per case', () => {
  let t: TestApp;
  let physician: string;

  const share = (caseId: string, email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/cases/${caseId}/share/`,
      headers: { ...bearer(physician), ...headers },
      payload: { email },
    });
  const newCase = async () =>
    (
      await insertCase(t, {
        org: 'HVC',
        prefix: 'TAVI',
        patientIdentifier: `INV-${Math.random().toString(36).slice(2, 8)}`,
        orders: [{ devices: [DEVICE.sapien3Ultra] }],
      })
    ).caseId;

  beforeAll(async () => {
    t = await createTestApp();
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it('links to http://localhost:PORT when PUBLIC_URL is unset, whatever Host and X-Forwarded-Host say', async () => {
    const caseId = await newCase();
    const res = await share(caseId, 'victim@example.com', {
      host: 'evil.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(t, 'victim@example.com');
    expect(mail?.text).toContain(`http://localhost:${t.config.port}/`);
    expect(mail?.text).not.toMatch(/evil\.example|attacker\.example/);
  });

  it(`refuses more than ${INVITATION_LIMITS.perCasePerHour} invitations to one case an hour with 429`, async () => {
    const caseId = await newCase();
    for (let i = 0; i < INVITATION_LIMITS.perCasePerHour; i++) {
      expect((await share(caseId, `case-cap-${i}@example.com`)).statusCode).toBe(200);
    }
    const res = await share(caseId, 'one-too-many@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/at most 10 times an hour/);
    expect(await lastMailTo(t, 'one-too-many@example.com')).toBeUndefined();
    const rows = await t.database.query('SELECT 1 FROM shared_cases WHERE email = $1', ['one-too-many@example.com']);
    expect(rows).toEqual([]);
  });

  it('counts revoked invitations too (revoke and share again cannot mail without end)', async () => {
    const caseId = await newCase();
    for (let i = 0; i < INVITATION_LIMITS.perCasePerHour; i++) {
      expect((await share(caseId, 'again@example.com')).statusCode).toBe(200);
      const [{ id } = { id: '' }] = await t.database.query<{ id: string }>(
        'SELECT id FROM shared_cases WHERE case_id = $1',
        [caseId],
      );
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/shared-cases/${caseId}/${id}/`,
        headers: bearer(physician),
      });
      expect(revoked.statusCode).toBe(204);
    }
    expect((await share(caseId, 'again@example.com')).statusCode).toBe(429);
  });

  it(`refuses more than ${INVITATION_LIMITS.perUserPerHour} invitations by one user an hour with 429`, async () => {
    // The earlier tests of this file sent 1 + 10 + 10 already.
    const [{ sent } = { sent: 0 }] = await t.database.query<{ sent: number }>(
      "SELECT count(*)::int AS sent FROM audit_events WHERE action = 'case.share'",
    );
    for (let i = sent; i < INVITATION_LIMITS.perUserPerHour; i++) {
      expect((await share(await newCase(), `user-cap-${i}@example.com`)).statusCode).toBe(200);
    }
    const res = await share(await newCase(), 'user-one-too-many@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().detail).toMatch(/at most 30 invitations an hour/);
  });
});
