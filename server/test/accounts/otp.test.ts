import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAs } from '../helpers/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const EMAIL = 'mfa-physician@cardiomap.test';

describe('MFA sign-in (token/, token/verify-otp/, token/resend-otp/)', () => {
  let t: TestApp;
  let otpToken: string;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const verify = (otp: string, extra: object = {}) =>
    post('/api/token/verify-otp/', { email: EMAIL, otp, otpToken, ...extra });
  const wrongCode = () => {
    const right = t.mail.lastCodeFor(EMAIL);
    return right === '000000' ? '111111' : '000000';
  };
  /** Lets a test pretend the last code was mailed long ago. */
  const ageChallenge = (column: 'last_sent_at' | 'expires_at', seconds: number) =>
    t.database.query(`UPDATE otp_challenges SET ${column} = ${column} - make_interval(secs => $1)`, [seconds]);

  beforeEach(async () => {
    const res = await post('/api/token/', { email: EMAIL, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    otpToken = res.json().otpToken;
  });

  it('answers no tokens but an OTP challenge, and mails a 6-digit code to the user', async () => {
    const res = await post('/api/token/', { email: EMAIL, password: TEST_PASSWORD });
    const body = res.json();
    expect(body).toEqual({
      otpRequired: true,
      otpToken: expect.any(String),
      detail: expect.any(String),
      resendAvailableIn: 60,
    });
    expect(body).not.toHaveProperty('access');
    const mail = t.mail.lastTo(EMAIL);
    expect(mail?.subject).toBe('Your CardioMap sign-in code');
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain(EMAIL);
  });

  it('completes sign-in with the code, once only', async () => {
    const code = t.mail.lastCodeFor(EMAIL);
    const res = await verify(code, { otpRequired: true, resendAvailableIn: 60 });
    expect(res.statusCode).toBe(200);
    expect((await getAs(t, res.json().access, '/api/userinfo/')).json().email).toBe(EMAIL);
    const again = await verify(code);
    expect(again.statusCode).toBe(400);
    expect(again).not.toHaveProperty('access');
  });

  it('stops accepting even the right code after 5 wrong tries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await verify(wrongCode())).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const res = await verify(t.mail.lastCodeFor(EMAIL));
    expect(res.statusCode).toBe(400);
    expect(res.json().otp[0]).toMatch(/Too many wrong codes/);
  });

  it('says the code is wrong without using up the challenge', async () => {
    const res = await verify(wrongCode());
    expect(res.json()).toEqual({ otp: ['The code is not correct.'] });
    expect((await verify(t.mail.lastCodeFor(EMAIL))).statusCode).toBe(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    await ageChallenge('expires_at', 601);
    const res = await verify(t.mail.lastCodeFor(EMAIL));
    expect(res.statusCode).toBe(400);
    expect(res.json().otp[0]).toMatch(/expired/);
  });

  it('refuses a code presented for another e-mail or with an unknown challenge', async () => {
    const code = t.mail.lastCodeFor(EMAIL);
    expect((await verify(code, { email: 'physician@cardiomap.test' })).statusCode).toBe(400);
    expect((await verify(code, { otpToken: 'made-up' })).statusCode).toBe(400);
  });

  it.each([
    [{ otp: '12345' }, 'otp'],
    [{ otp: 'abcdef' }, 'otp'],
    [{ otpToken: '' }, 'otpToken'],
    [{ email: 'nope' }, 'email'],
  ])('answers 400 with a field message for %j', async (override, field) => {
    const res = await verify('123456', override);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([expect.any(String)]);
  });

  it('resends a code not sooner than 60 s, and only the newest code works', async () => {
    const first = t.mail.lastCodeFor(EMAIL);
    const early = await post('/api/token/resend-otp/', { email: EMAIL, otpToken });
    expect(early.statusCode).toBe(429);
    expect(early.json().detail).toMatch(/Please wait \d+ seconds/);

    await ageChallenge('last_sent_at', 61);
    const res = await post('/api/token/resend-otp/', { email: EMAIL, otpToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: expect.any(String), resendAvailableIn: 60 });
    const second = t.mail.lastCodeFor(EMAIL);
    if (second !== first) expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('answers 400 on resend for an unknown challenge', async () => {
    const res = await post('/api/token/resend-otp/', { email: EMAIL, otpToken: 'unknown' });
    expect(res.statusCode).toBe(400);
    expect(res.json().nonFieldErrors).toEqual([expect.any(String)]);
  });
});
