import { PASSWORD_MESSAGES } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'violet kettle harbour 42 drift';

describe('password change, profile change and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The workers send the outbox's mail (password changed, new device).
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
  }, 60_000);
  afterAll(async () => t.close());

  const patch = (access: string, url: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url, headers: bearer(access), payload });
  const change = (access: string, payload: object) => patch(access, '/api/passwordchange/', payload);

  it.each([
    ['PATCH', '/api/passwordchange/'],
    ['PATCH', '/api/profilechange/'],
    ['GET', '/api/sessions/'],
    ['POST', '/api/sessions/revoke-all/'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
  });

  describe('PATCH passwordchange/', () => {
    it('answers 400 with field messages: wrong old password, rules, repeat', async () => {
      const { access } = await signIn(t, 'venus-sales@cardiomap.test');
      const wrongOld = await change(access, {
        oldPassword: 'nope',
        newPassword: NEW_PASSWORD,
        newPassword2: NEW_PASSWORD,
      });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json()).toEqual({ oldPassword: [expect.stringMatching(/incorrectly/)] });

      const blank = await change(access, { oldPassword: '', newPassword: '', newPassword2: '' });
      expect(Object.keys(blank.json()).sort()).toEqual(['newPassword', 'newPassword2', 'oldPassword']);

      const rules = await change(access, { oldPassword: TEST_PASSWORD, newPassword: 'short', newPassword2: 'x' });
      expect(rules.json()).toEqual({
        newPassword: [PASSWORD_MESSAGES.tooShort],
        newPassword2: [PASSWORD_MESSAGES.mismatch],
      });
      const same = await change(access, {
        oldPassword: TEST_PASSWORD,
        newPassword: TEST_PASSWORD,
        newPassword2: TEST_PASSWORD,
      });
      expect(same.json()).toEqual({ newPassword: [PASSWORD_MESSAGES.reused] });
      const common = await change(access, {
        oldPassword: TEST_PASSWORD,
        newPassword: '123456789012345',
        newPassword2: '123456789012345',
      });
      expect(common.json()).toEqual({ newPassword: [PASSWORD_MESSAGES.tooCommon] });
    });

    it('changes the password, keeps this sign-in, ends the others, and refuses the last five', async () => {
      const email = 'development@cardiomap.test';
      const other = await signIn(t, email);
      const mine = await signIn(t, email);
      const res = await change(mine.access, {
        oldPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        newPassword2: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Password changed successfully' });
      expect((await getAs(t, mine.access, '/api/userinfo/')).statusCode).toBe(200);
      expect((await getAs(t, other.access, '/api/userinfo/')).statusCode).toBe(401);
      await expect
        .poll(() => t.mail.lastTo(email)?.subject, { timeout: 15_000 })
        .toBe('Your CardioMap password was changed');

      // Through four more passwords, then back to the first: it has left the last five.
      const passwords = [NEW_PASSWORD, ...[1, 2, 3, 4, 5].map((n) => `${NEW_PASSWORD} ${'!'.repeat(n)}x${n}`)];
      for (let i = 1; i < passwords.length; i++) {
        const step = await change(mine.access, {
          oldPassword: passwords[i - 1],
          newPassword: passwords[i],
          newPassword2: passwords[i],
        });
        expect(step.statusCode, step.body).toBe(200);
      }
      const last = passwords.at(-1) as string;
      const recent = await change(mine.access, {
        oldPassword: last,
        newPassword: passwords[2],
        newPassword2: passwords[2],
      });
      expect(recent.json()).toEqual({ newPassword: [PASSWORD_MESSAGES.reused] });
      const back = await change(mine.access, {
        oldPassword: last,
        newPassword: TEST_PASSWORD,
        newPassword2: TEST_PASSWORD,
      });
      expect(back.statusCode, back.body).toBe(200);
    });

    it('asks an MFA organisation for the e-mailed code after the first submit', async () => {
      const email = 'mfa-physician@cardiomap.test';
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email, password: TEST_PASSWORD },
      });
      const { access } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/token/verify-otp/',
          payload: { email, otp: t.mail.lastCodeFor(email), otpToken: started.json().otpToken },
        })
      ).json();
      const body = { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, newPassword2: NEW_PASSWORD };

      const first = await change(access, body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ otpRequired: true, detail: expect.any(String), resendAvailableIn: 60 });
      const code = t.mail.lastCodeFor(email);

      const early = await change(access, body);
      expect(early.statusCode).toBe(429);

      const wrong = await change(access, { ...body, otp: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().otp).toEqual(['The code is not correct.']);
      const malformed = await change(access, { ...body, otp: '12' });
      expect(malformed.json().otp).toEqual([expect.stringMatching(/6-digit/)]);

      // A sign-in code cannot stand in for the password-change code, and vice versa.
      const done = await change(access, { ...body, otp: code });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ detail: 'Password changed successfully' });
      const reused = await change(access, {
        oldPassword: NEW_PASSWORD,
        newPassword: `${NEW_PASSWORD}!`,
        newPassword2: `${NEW_PASSWORD}!`,
        otp: code,
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().otp).toEqual(['Request a new code first.']);
    });
  });

  describe('PATCH profilechange/', () => {
    it('changes names, title and phone and answers the user', async () => {
      const { access } = await signIn(t, 'physician@cardiomap.test');
      const res = await patch(access, '/api/profilechange/', {
        givenName: ' Philippa ',
        middleName: 'J',
        familyName: 'Hart',
        title: 'Prof. Dr.',
        phoneNumber: '+31 10 000 0000',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        givenName: 'Philippa',
        familyName: 'Hart',
        title: 'Prof. Dr.',
        middleName: 'J',
      });
      const me = (await getAs(t, access, '/api/userinfo/')).json();
      expect(me).toMatchObject({ familyName: 'Hart', phoneNumber: '+31 10 000 0000' });
    });

    it('answers 400 with field messages and changes nothing', async () => {
      const { access } = await signIn(t, 'physician@cardiomap.test');
      const res = await patch(access, '/api/profilechange/', {
        givenName: '',
        middleName: 'x'.repeat(31),
        title: 'Sir',
        phoneNumber: '1'.repeat(151),
        email: 'new@example.org',
      });
      expect(res.statusCode).toBe(400);
      const me = (await getAs(t, access, '/api/userinfo/')).json();
      expect(me.givenName).toBe('Philippa');
      const fields = await patch(access, '/api/profilechange/', {
        givenName: '',
        middleName: 'x'.repeat(31),
        title: 'Sir',
        phoneNumber: '1'.repeat(151),
      });
      expect(Object.keys(fields.json()).sort()).toEqual(['givenName', 'middleName', 'phoneNumber', 'title']);
    });
  });

  describe('sessions', () => {
    it('lists open sign-ins with their browser and signs out everywhere', async () => {
      const email = 'rnd-engineer@cardiomap.test';
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        headers: { 'user-agent': 'Browser One' },
        payload: { email, password: TEST_PASSWORD },
      });
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        headers: { 'user-agent': 'Browser Two' },
        payload: { email, password: TEST_PASSWORD },
      });
      await expect
        .poll(() => t.mail.lastTo(email)?.subject, { timeout: 15_000 })
        .toBe('New sign-in to CardioMap from a new device');
      expect(t.mail.lastTo(email)?.text).toContain('Browser Two');

      const list = await getAs(t, second.json().access, '/api/sessions/');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        expect.objectContaining({ userAgent: 'Browser Two', current: true }),
        expect.objectContaining({ userAgent: 'Browser One', current: false }),
      ]);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/sessions/revoke-all/',
        headers: bearer(second.json().access),
      });
      expect(out.statusCode).toBe(200);
      for (const res of [first, second]) {
        expect((await getAs(t, res.json().access, '/api/userinfo/')).statusCode).toBe(401);
      }
    });

    it('does not mail about a browser seen before', async () => {
      const login = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/token/',
          headers: { 'user-agent': 'Same Browser' },
          payload: { email: 'templatemanager@cardiomap.test', password: TEST_PASSWORD },
        });
      await login();
      await login();
      const queued = await t.database.query('SELECT id FROM mail_outbox WHERE recipient = $1', [
        'templatemanager@cardiomap.test',
      ]);
      expect(queued).toEqual([]);
    });
  });

  describe('POST logout/refresh/', () => {
    it('signs out with the refresh token alone', async () => {
      const tokens = await signIn(t, 'superuser@cardiomap.test');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/logout/refresh/',
        payload: { refresh: tokens.refresh },
      });
      expect(res.statusCode).toBe(200);
      expect((await getAs(t, tokens.access, '/api/userinfo/')).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/refreshtoken/',
        payload: { refresh: tokens.refresh },
      });
      expect(refresh.statusCode).toBe(401);
      const blank = await t.app.inject({ method: 'POST', url: '/api/logout/refresh/', payload: { refresh: '' } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().refresh).toEqual([expect.any(String)]);
    });
  });
});

describe('password change rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  }, 60_000);
  afterAll(async () => t.close());

  const guess = (access: string, remoteAddress: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/passwordchange/',
      remoteAddress,
      headers: bearer(access),
      payload: { oldPassword: 'guess', newPassword: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
    });

  it('answers 429 once one account guesses the old password too often, from any address', async () => {
    const { access } = await signIn(t, 'physician@cardiomap.test');
    const statuses: number[] = [];
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/passwordchange/',
        remoteAddress: address,
        headers: bearer(access),
        payload: { oldPassword: 'guess', newPassword: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await guess(access, '10.0.0.5');
    expect(refused.json()).toMatchObject({ code: 'throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = (await signIn(t, 'case-analyst@cardiomap.test')).access;
    expect((await guess(other, '10.0.0.6')).statusCode).toBe(400);
  });

  it('answers 429 once one client address tries too often, across accounts', async () => {
    const ip = '10.7.0.1';
    const first = (await signIn(t, 'case-manager@cardiomap.test')).access;
    const second = (await signIn(t, 'customer-support@cardiomap.test')).access;
    const statuses = [
      (await guess(first, ip)).statusCode,
      (await guess(first, ip)).statusCode,
      (await guess(second, ip)).statusCode,
      (await guess(second, ip)).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Another address is not affected, for the same account.
    expect((await guess(second, '10.7.0.2')).statusCode).toBe(400);
  });
});
