import { PASSWORD_MESSAGES } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'violet kettle harbour 42 drift';

/** The reset link's uid and token from the newest mail to `email` (sent in the background). */
async function linkFor(t: TestApp, email: string, after = 0): Promise<{ uid: string; token: string; url: string }> {
  await expect
    .poll(() => t.mail.sent.filter((m) => m.to === email && /passwordreset\//.test(m.text)).length)
    .toBeGreaterThan(after);
  const mail = t.mail.sent.filter((m) => m.to === email && /passwordreset\//.test(m.text)).at(-1);
  const match = /(https?:\/\/\S+)\/passwordreset\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[2] || !match[3]) throw new Error(`no reset link for ${email}`);
  return { url: match[0], uid: match[2], token: match[3] };
}
const resetMails = (t: TestApp, email: string) =>
  t.mail.sent.filter((m) => m.to === email && /passwordreset\//.test(m.text)).length;

describe('forgot password and reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cardiomap.example.org/', RUN_WORKERS: 'true' } });
  }, 60_000);
  afterAll(async () => t.close());

  const request = (email: string, reason?: string) =>
    t.app.inject({ method: 'POST', url: '/api/passwordreset/', payload: { email, ...(reason ? { reason } : {}) } });
  const confirm = (uid: string, token: string, newPassword: string, newPassword2 = newPassword) =>
    t.app.inject({
      method: 'POST',
      url: `/api/passwordreset-confirmation/${uid}/${token}/`,
      payload: { newPassword, newPassword2 },
    });

  it('answers known, unknown and inactive addresses with the same status and body', async () => {
    const known = await request('case-manager@cardiomap.test');
    const unknown = await request('nobody-here@cardiomap.test');
    const inactive = await request('inactive@cardiomap.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(inactive.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(inactive.body).toBe(known.body);
    expect(known.json().detail).toMatch(/If an account exists/);
    await linkFor(t, 'case-manager@cardiomap.test');
    expect(t.mail.sent.some((m) => m.to === 'nobody-here@cardiomap.test')).toBe(false);
    expect(t.mail.sent.some((m) => m.to === 'inactive@cardiomap.test')).toBe(false);
  });

  it('answers 400 with field messages for a malformed address', async () => {
    const res = await request('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().email).toEqual([expect.any(String)]);
  });

  it('mails a link under PUBLIC_URL with a 256-bit token that is stored only hashed', async () => {
    const email = 'case-analyst@cardiomap.test';
    await request(email, 'expired');
    const link = await linkFor(t, email);
    expect(link.url.startsWith('https://cardiomap.example.org/passwordreset/')).toBe(true);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    const mail = t.mail.lastTo(email);
    expect(mail?.text).toMatch(/has expired/);
    expect(mail?.html).toContain(link.url);
    const rows = await t.database.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
    expect(rows.some((row) => row.token_hash.includes(link.token))).toBe(false);
  });

  it('sets the new password once, revokes every sign-in, and signs in only through sign-in', async () => {
    const email = 'customer-support@cardiomap.test';
    const before = await signIn(t, email);
    const sent = resetMails(t, email);
    await request(email);
    const { uid, token } = await linkFor(t, email, sent);

    const res = await confirm(uid, token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/Sign in/) });
    expect(res.json()).not.toHaveProperty('access');

    const old = await t.app.inject({ method: 'GET', url: '/api/userinfo/', headers: bearer(before.access) });
    expect(old.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refreshtoken/',
      payload: { refresh: before.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    await expect(signIn(t, email)).rejects.toThrow(/401/);
    await signIn(t, email, NEW_PASSWORD);
    await expect
      .poll(() => t.mail.lastTo(email)?.subject, { timeout: 15_000 })
      .toBe('Your CardioMap password was changed');

    const again = await confirm(uid, token, `${NEW_PASSWORD} again`);
    expect(again.statusCode).toBe(400);
    expect(again.json().nonFieldErrors[0]).toMatch(/invalid or has already been used/);
  });

  it('refuses an expired link, a forged token and another user id', async () => {
    const email = 'venus-sales@cardiomap.test';
    await request(email);
    const { uid, token } = await linkFor(t, email);
    const forged = await confirm(uid, `${token.slice(0, -2)}xx`, NEW_PASSWORD);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().nonFieldErrors[0]).toMatch(/invalid/);
    const otherUser = await confirm('00000000-0000-4000-8000-000000000000', token, NEW_PASSWORD);
    expect(otherUser.statusCode).toBe(400);
    const badUid = await confirm('not-a-uuid', token, NEW_PASSWORD);
    expect(badUid.statusCode).toBe(400);

    await t.database.query(
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [uid],
    );
    const expired = await confirm(uid, token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().nonFieldErrors[0]).toMatch(/expired/);
    await signIn(t, email);
  });

  it('answers every password rule as field messages and keeps the link usable', async () => {
    const email = 'expired-password@cardiomap.test';
    await request(email, 'expired');
    const { uid, token } = await linkFor(t, email);

    const short = await confirm(uid, token, 'short', 'different');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      newPassword: [PASSWORD_MESSAGES.tooShort],
      newPassword2: [PASSWORD_MESSAGES.mismatch],
    });
    expect((await confirm(uid, token, 'x'.repeat(129))).json().newPassword).toEqual([PASSWORD_MESSAGES.tooLong]);
    expect((await confirm(uid, token, 'x'.repeat(1025))).statusCode).toBe(400);
    expect((await confirm(uid, token, 'expired-password@cardiomap.test')).json().newPassword).toContain(
      PASSWORD_MESSAGES.sameAsEmail,
    );
    expect((await confirm(uid, token, 'passwordpassword1')).json().newPassword).toEqual([PASSWORD_MESSAGES.tooCommon]);
    const reused = await confirm(uid, token, TEST_PASSWORD);
    expect(reused.json()).toEqual({ newPassword: [PASSWORD_MESSAGES.reused] });

    // The expired-password user ends up able to sign in with the new password.
    expect((await confirm(uid, token, NEW_PASSWORD)).statusCode).toBe(200);
    await signIn(t, email, NEW_PASSWORD);
  });

  describe('ends every outstanding link when the password changes by any path (issue 27)', () => {
    const OTHER_PASSWORD = 'amber lantern quarry 58 tide';
    /** Asks for a link and answers it: a fresh, unused one (the cap allows three an hour). */
    const outstandingLink = async (email: string) => {
      const sent = resetMails(t, email);
      await request(email);
      return linkFor(t, email, sent);
    };
    const refusedAsUsed = async (link: { uid: string; token: string }) => {
      const res = await confirm(link.uid, link.token, OTHER_PASSWORD);
      expect(res.statusCode).toBe(400);
      expect(res.json().nonFieldErrors[0]).toMatch(/invalid or has already been used/);
    };

    it('the user changes it in the settings', async () => {
      const email = 'other-physician@cardiomap.test';
      const link = await outstandingLink(email);
      const { access } = await signIn(t, email);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: '/api/passwordchange/',
        headers: bearer(access),
        payload: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
      });
      expect(changed.statusCode).toBe(200);
      await refusedAsUsed(link);
      await signIn(t, email, NEW_PASSWORD);
    });

    it('an administrator sets it', async () => {
      const email = 'lakeside-physician@cardiomap.test';
      const link = await outstandingLink(email);
      const admin = await signIn(t, 'superuser@cardiomap.test');
      const set = await t.app.inject({
        method: 'POST',
        url: `/api/users/${link.uid}/set-password/`,
        headers: bearer(admin.access),
        payload: { newPassword: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
      });
      expect(set.statusCode).toBe(200);
      await refusedAsUsed(link);
      await signIn(t, email, NEW_PASSWORD);
    });

    it('another link of the user sets it', async () => {
      const email = 'trainee-physician@cardiomap.test';
      const first = await outstandingLink(email);
      const second = await outstandingLink(email);
      expect((await confirm(second.uid, second.token, NEW_PASSWORD)).statusCode).toBe(200);
      await refusedAsUsed(first);
      await signIn(t, email, NEW_PASSWORD);
    });
  });

  it('sends at most three links an hour to one account, with the same answer', async () => {
    const email = 'venus-support@cardiomap.test';
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await request(email);
      expect(res.statusCode).toBe(200);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    await expect.poll(() => resetMails(t, email)).toBe(3);
  });
});

describe('password reset rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  }, 60_000);
  afterAll(async () => t.close());

  const ask = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/passwordreset/', remoteAddress, payload: { email } });

  it('answers 429 once one address asks too often, across different e-mails', async () => {
    const statuses: number[] = [];
    for (const who of ['a', 'b', 'c', 'd', 'e'])
      statuses.push((await ask(`${who}@cardiomap.test`, '127.0.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await ask('f@cardiomap.test', '127.0.0.1');
    expect(refused.json()).toMatchObject({ detail: expect.stringMatching(/Too many requests/), code: 'throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/passwordreset/',
      remoteAddress: '10.1.2.3',
      payload: { email: 'a@cardiomap.test' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('never refuses the requests for one e-mail, from any address: the mail is capped instead', async () => {
    // Issue 27: ten requests from anywhere answered 429 for an hour, for this address's reset and its
    // registration alike. Now every one gets the same answer; at most three links an hour go out.
    const email = 'physician@cardiomap.test';
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await ask(email, `10.9.8.${i}`));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const unknown = await ask('no-such-user@cardiomap.test', '10.9.8.77');
    expect(unknown.body).toBe(answers[0]?.body);
    const links = async () =>
      (
        await t.database.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
            WHERE u.email = $1`,
          [email],
        )
      )[0]?.count;
    await expect.poll(links).toBe(3);
    // The owner is answered as always, and may still register-check the address.
    expect((await ask(email, '10.1.1.1')).statusCode).toBe(200);
    const registering = await t.app.inject({
      method: 'POST',
      url: '/api/registration/',
      remoteAddress: '10.1.1.1',
      payload: {
        givenName: 'Phil',
        middleName: '',
        familyName: 'Owner',
        title: 'Dr.',
        phoneNumber: '+31 10 123 4567',
        email,
        password: 'violet kettle harbour 42 drift',
        password2: 'violet kettle harbour 42 drift',
        organisationName: 'St. Elsewhere Cardiology',
      },
    });
    expect(registering.statusCode).toBe(202);
  });
});
