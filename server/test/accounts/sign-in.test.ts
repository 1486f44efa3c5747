import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { register, registration, STRONG_PASSWORD } from '../registration/registration-fixtures.ts';

describe('POST /api/token/', () => {
  let t: TestApp;
  /** Registered, the verification link not yet opened: no account exists. */
  const UNVERIFIED = 'waiting.newcomer@example.org';
  beforeAll(async () => {
    t = await createTestApp();
    expect((await register(t, registration({ email: UNVERIFIED }))).statusCode).toBe(202);
  });
  afterAll(async () => t.close());

  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/token/', payload: payload as object });

  it('answers an access and a refresh token for the right password, case-insensitive e-mail', async () => {
    const res = await post({ email: ' Physician@CardioMap.test ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    const me = await getAs(t, body.access, '/api/userinfo/');
    expect(me.json().email).toBe('physician@cardiomap.test');
  });

  it.each([
    ['wrong password', { email: 'physician@cardiomap.test', password: 'not-the-password-at-all' }],
    ['unknown e-mail', { email: 'nobody@cardiomap.test', password: TEST_PASSWORD }],
    ['inactive user with a wrong password', { email: 'inactive@cardiomap.test', password: 'not-the-password-at-all' }],
    [
      'registration not yet verified, with a wrong password',
      { email: UNVERIFIED, password: 'not-the-password-at-all' },
    ],
  ])('refuses a %s with one message that does not say which part was wrong', async (_, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'No active account found with the given credentials',
      code: 'no_active_account',
    });
  });

  it('tells a deactivated user so, only after the right password (issue 30 §8)', async () => {
    const res = await post({ email: 'inactive@cardiomap.test', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: "This account has been deactivated. Ask your organisation's administrator to reactivate it.",
      code: 'account_inactive',
    });
  });

  it('tells who registered but has not verified the e-mail address so, only after the right password', async () => {
    const res = await post({ email: UNVERIFIED, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail:
        'Your e-mail address is not verified yet. Open the link in the e-mail we sent you; if it has expired, ask for a new one.',
      code: 'email_not_verified',
    });
  });

  it('tells a user with an expired password so, after checking the password', async () => {
    const res = await post({ email: 'expired-password@cardiomap.test', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('password_expired');
    const wrong = await post({ email: 'expired-password@cardiomap.test', password: 'wrong-password-here' });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([
    [{}, ['email', 'password']],
    [{ email: 'not-an-email', password: 'x' }, ['email']],
    [{ email: 'physician@cardiomap.test', password: '' }, ['password']],
    [{ email: 42, password: ['x'] }, ['email', 'password']],
  ])('answers 400 with a message per bad field for %j', async (payload, fields) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    for (const field of fields) {
      expect(body[field], field).toEqual([expect.any(String)]);
    }
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().nonFieldErrors).toEqual([expect.any(String)]);
  });

  it('records sign-ins and failures in the audit trail, never the password', async () => {
    await post({ email: 'case-analyst@cardiomap.test', password: 'wrong-password-x' });
    await signIn(t, 'case-analyst@cardiomap.test');
    const rows = await t.database.query<{ action: string; details: unknown }>(
      `SELECT action, details FROM audit_events a JOIN users u ON u.id = a.actor_id
       WHERE u.email = 'case-analyst@cardiomap.test' ORDER BY at`,
    );
    expect(rows.map((r) => r.action)).toEqual(['auth.sign_in_failed', 'auth.sign_in']);
    expect(JSON.stringify(rows)).not.toContain('wrong-password-x');
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await t.database.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'physician@cardiomap.test'`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('auth rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '5' } });
  });
  afterAll(async () => t.close());

  it('answers 429 once an address tries one account too often, and other accounts still work', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'physician@cardiomap.test', password: `wrong-${i}-password` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'physician@cardiomap.test', password: TEST_PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('throttled');
    await expect(signIn(t, 'case-manager@cardiomap.test')).resolves.toHaveProperty('access');
  });

  it('counts refreshes per sign-in, so colleagues behind one address are not signed out together', async () => {
    const refreshOnce = async (email: string) => {
      const pair = await signIn(t, email);
      return (await t.app.inject({ method: 'POST', url: '/api/refreshtoken/', payload: { refresh: pair.refresh } }))
        .statusCode;
    };
    const emails = [
      'case-analyst@cardiomap.test',
      'other-physician@cardiomap.test',
      'trainee-physician@cardiomap.test',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push(await refreshOnce(emails[i % emails.length] as string));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('still limits one refresh token tried over and over', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/refreshtoken/',
        payload: { refresh: 'stolen-token' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
