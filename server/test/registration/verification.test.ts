import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_PENDING } from '../../src/lib/approved-account.ts';
import { findRequestOfUser } from '../../src/modules/registration/repository.ts';
import { createMember } from '../../src/modules/users/index.ts';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DEVICE, idOf, insertCase } from '../orders/fixtures.ts';
import {
  lastMailTo,
  lastVerificationKey,
  outboxTo,
  register,
  registration,
  registrationRows,
  resend,
  STRONG_PASSWORD,
  userRow,
  verify,
} from './registration-fixtures.ts';

describe('e-mail verification', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Registers `email` and answers the key of the link it was mailed. */
  const registered = async (email: string, overrides: Record<string, unknown> = {}) => {
    expect((await register(t, registration({ email, ...overrides }))).statusCode).toBe(202);
    const key = await lastVerificationKey(t, email);
    if (!key) throw new Error(`no link for ${email}`);
    return key;
  };
  const allowResendNow = (email: string) =>
    t.database.query(`UPDATE registrations SET last_sent_at = now() - interval '61 seconds' WHERE email = $1`, [email]);

  describe('GET /api/emailverification/{key}/', () => {
    it('creates the pending account: active, no organisation, no role, the organisation request kept', async () => {
      const email = 'verify.me@example.org';
      const key = await registered(email);
      const res = await verify(t, key);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Your e-mail address is verified. Sign in to continue.', email });
      const user = await userRow(t, email);
      expect(user).toMatchObject({
        isActive: true,
        organisationRequest: 'St. Elsewhere Cardiology',
        givenName: 'Nora',
      });
      const [row] = await registrationRows(t, email);
      expect(row).toMatchObject({ userId: user?.id, passwordHash: '' });
      expect(await findRequestOfUser(t.database.db, user?.id ?? '')).toEqual({
        organisationId: null,
        organisationName: 'St. Elsewhere Cardiology',
      });

      // Signs in with the registered password and is "Organisation pending".
      const { access } = await signIn(t, email, STRONG_PASSWORD);
      const info = (await getAs(t, access, '/api/userinfo/')).json();
      expect(info).toMatchObject({ email, primaryOrganisation: null, organisationIds: [], groups: [], hasRole: false });
      expect(info.hasApprovedTerms).toBe(false);
    });

    it('is single use: the second opening says so', async () => {
      const key = await registered('twice@example.org');
      expect((await verify(t, key)).statusCode).toBe(200);
      const again = await verify(t, key);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'verification_used',
        detail: 'This link has already been used: your e-mail address is verified. Sign in to continue.',
      });
    });

    it('lets exactly one of two concurrent openings create the account', async () => {
      const email = 'race@example.org';
      const key = await registered(email);
      const answers = await Promise.all([verify(t, key), verify(t, key)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await t.database.query('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(1);
    });

    it('expires after 24 hours: says so, creates nothing', async () => {
      const email = 'late@example.org';
      const key = await registered(email);
      await t.database.query(`UPDATE registrations SET expires_at = now() - interval '1 second' WHERE email = $1`, [
        email,
      ]);
      const res = await verify(t, key);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({
        code: 'verification_expired',
        detail: 'This link has expired: links work for 24 hours. Ask for a new link below.',
      });
      expect(await userRow(t, email)).toBeNull();
    });

    it('answers 404 for a malformed, unknown or tampered key', async () => {
      const key = await registered('tamper@example.org');
      const [selector, verifier = ''] = key.split('.');
      const flipped = `${selector}.${verifier.startsWith('A') ? 'B' : 'A'}${verifier.slice(1)}`;
      for (const bad of ['nonsense', `${'A'.repeat(16)}.${'A'.repeat(43)}`, flipped, `${selector}.`, `${key}x`]) {
        const res = await verify(t, encodeURIComponent(bad));
        expect(res.statusCode, bad).toBe(404);
        expect(res.json().code, bad).toBe('verification_invalid');
      }
      // Longer than any key: refused by the router before any lookup.
      expect((await verify(t, key.repeat(3))).statusCode).toBe(414);
      expect(await userRow(t, 'tamper@example.org')).toBeNull();
      expect((await verify(t, key)).statusCode).toBe(200);
    });

    it('keeps an account the address got meanwhile, and says so', async () => {
      const email = 'made.meanwhile@example.org';
      const key = await registered(email, { givenName: 'Registrant' });
      // An administrator created the account after the registration and before its link was opened.
      await t.database.query(`INSERT INTO users (email, password_hash, given_name) VALUES ($1, 'x', 'Admin-made')`, [
        email,
      ]);
      const res = await verify(t, key);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'An account with this e-mail address already exists. Sign in with its password, or choose a new one.',
      );
      expect((await userRow(t, email))?.givenName).toBe('Admin-made');
    });

    it('voids the earlier link when the address registers again: only the newest creates the account', async () => {
      // Issue 27: a stranger registered the address first, with a password of their own; the owner then
      // registered it. The stranger's link, mailed to the owner, must not give the owner that account.
      const email = 'two.registrations@example.org';
      const strangers = 'stranger chose this 77 pass';
      const first = await registered(email, { givenName: 'First', password: strangers, password2: strangers });
      const second = await registered(email, { givenName: 'Second' });
      expect(await registrationRows(t, email)).toHaveLength(1);
      const refused = await verify(t, first);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        code: 'verification_invalid',
        detail:
          'This verification link is not valid. It may have been replaced by a newer one. Ask for a new link below.',
      });
      expect(await userRow(t, email)).toBeNull();
      expect((await verify(t, second)).statusCode).toBe(200);
      expect((await userRow(t, email))?.givenName).toBe('Second');
      const signIn = (password: string) =>
        t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
      expect((await signIn(strangers)).statusCode).toBe(401);
      expect((await signIn(STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('leaves one open registration of two concurrent ones, and only its link works', async () => {
      const email = 'concurrent.registrations@example.org';
      const answers = await Promise.all(
        ['One', 'Two'].map((givenName) => register(t, registration({ email, givenName }))),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202]);
      expect(await registrationRows(t, email)).toHaveLength(1);
      const keys = (await outboxTo(t, email)).flatMap((m) => m.text.match(/\/emailverification\/(\S+)/)?.[1] ?? []);
      expect(keys).toHaveLength(2);
      const opened = await Promise.all(keys.map((key) => verify(t, key)));
      expect(opened.map((o) => o.statusCode).sort()).toEqual([200, 404]);
    });
  });

  describe('POST /api/emailverification/resend/', () => {
    it('answers 400 with field messages', async () => {
      const res = await resend(t, { email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['E-mail must be valid'], password: ['This field is required'] });
    });

    it('answers the same for an unknown address, a wrong password and the right one', async () => {
      const email = 'resend.me@example.org';
      const oldKey = await registered(email);
      await allowResendNow(email);
      const unknown = await resend(t, { email: 'nobody.here@example.org', password: STRONG_PASSWORD });
      const wrong = await resend(t, { email, password: 'some other long password' });
      const sentBefore = (await outboxTo(t, email)).length;
      const right = await resend(t, { email, password: STRONG_PASSWORD });
      for (const res of [unknown, wrong, right]) expect(res.statusCode).toBe(202);
      expect(wrong.json()).toEqual(right.json());
      expect(unknown.json()).toEqual({ ...right.json(), email: 'nobody.here@example.org', detail: expect.any(String) });
      // Only the right password got a new link, and the old one stopped working.
      expect((await outboxTo(t, email)).length).toBe(sentBefore + 1);
      const newKey = (await lastVerificationKey(t, email)) ?? '';
      expect(newKey).not.toBe(oldKey);
      expect((await verify(t, oldKey)).statusCode).toBe(404);
      expect((await verify(t, newKey)).statusCode).toBe(200);
    });

    it('sends at most one link per 60 seconds, answering the same', async () => {
      const email = 'impatient@example.org';
      await registered(email);
      const before = (await outboxTo(t, email)).length;
      const res = await resend(t, { email, password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(202);
      expect(res.json().resendAvailableIn).toBe(60);
      expect((await outboxTo(t, email)).length).toBe(before);
    });

    it('gives an expired link a fresh 24 hours', async () => {
      const email = 'expired.then.new@example.org';
      const old = await registered(email);
      await t.database.query(
        `UPDATE registrations SET expires_at = now() - interval '1 hour', last_sent_at = now() - interval '25 hours'
          WHERE email = $1`,
        [email],
      );
      expect((await verify(t, old)).statusCode).toBe(410);
      await resend(t, { email, password: STRONG_PASSWORD });
      expect((await verify(t, (await lastVerificationKey(t, email)) ?? '')).statusCode).toBe(200);
    });

    it('sends nothing once the address is verified', async () => {
      const email = 'already.verified@example.org';
      expect((await verify(t, await registered(email))).statusCode).toBe(200);
      await allowResendNow(email);
      const before = (await outboxTo(t, email)).length;
      expect((await resend(t, { email, password: STRONG_PASSWORD })).statusCode).toBe(202);
      expect((await outboxTo(t, email)).length).toBe(before);
    });

    it('re-issues only the registration its own password made, never a stranger’s', async () => {
      const email = 'contested@example.org';
      const mallorys = 'mallory chose this 77 pass';
      await registered(email, { givenName: 'Mallory', password: mallorys, password2: mallorys });
      await registered(email, { givenName: 'Owner' });
      await allowResendNow(email);
      // Mallory's registration was voided by the owner's: her password brings no new link back.
      const sent = (await outboxTo(t, email)).length;
      expect((await resend(t, { email, password: mallorys })).statusCode).toBe(202);
      expect((await outboxTo(t, email)).length).toBe(sent);
      await resend(t, { email, password: STRONG_PASSWORD });
      expect((await lastMailTo(t, email))?.text).toContain('as Dr. Owner Newcomer');
      expect((await verify(t, (await lastVerificationKey(t, email)) ?? '')).statusCode).toBe(200);
      expect((await userRow(t, email))?.givenName).toBe('Owner');
    });

    it('voids what is left of older registrations when the newest one gets a new link', async () => {
      // Rows stored before registrations voided each other: two open ones for one address.
      const email = 'left.over@example.org';
      const older = await registered(email, { givenName: 'Older' });
      await t.database.query(
        `UPDATE registrations SET email = 'parked@example.org', date_created = now() - interval '1 hour'
          WHERE email = $1`,
        [email],
      );
      await registered(email, { givenName: 'Newer' });
      await t.database.query(`UPDATE registrations SET email = $1 WHERE email = 'parked@example.org'`, [email]);
      expect(await registrationRows(t, email)).toHaveLength(2);
      await allowResendNow(email);
      await resend(t, { email, password: STRONG_PASSWORD });
      expect(await registrationRows(t, email)).toHaveLength(1);
      expect((await verify(t, older)).statusCode).toBe(404);
      expect((await verify(t, (await lastVerificationKey(t, email)) ?? '')).statusCode).toBe(200);
      expect((await userRow(t, email))?.givenName).toBe('Newer');
    });
  });

  describe('invitation: a case shared with an address that has no account', () => {
    it('reaches the new user once verified and approved', async () => {
      const email = 'invited.colleague@example.org';
      const { caseId } = await insertCase(t, {
        org: 'HVC',
        prefix: 'TAVI',
        orders: [{ devices: [DEVICE.sapien3Ultra] }],
      });
      const physician = (await signIn(t, 'physician@cardiomap.test')).access;
      const shared = await t.app.inject({
        method: 'PUT',
        url: `/api/cases/${caseId}/share/`,
        headers: bearer(physician),
        payload: { email },
      });
      expect(shared.statusCode).toBe(200);
      expect((await lastMailTo(t, email))?.text).toContain(`/register?email=${encodeURIComponent(email)}`);

      // Registering alone gives nothing: whoever types an address must prove it first.
      const key = await registered(email);
      const pendingShare = () =>
        t.database.query<{ userId: string | null }>('SELECT user_id AS "userId" FROM shared_cases WHERE case_id = $1', [
          caseId,
        ]);
      expect(await pendingShare()).toEqual([{ userId: null }]);

      expect((await verify(t, key)).statusCode).toBe(200);
      const user = await userRow(t, email);
      expect(await pendingShare()).toEqual([{ userId: user?.id }]);

      // Verified but not approved ("Organisation pending"): the share is theirs, the case not yet.
      const pending = (await signIn(t, email, STRONG_PASSWORD)).access;
      const early = await getAs(t, pending, `/api/cases/${caseId}/`);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ detail: REGISTRATION_PENDING, code: 'permission_denied' });
      expect((await getAs(t, pending, '/api/cases/')).statusCode).toBe(403);

      // Approval, as the administration issue will do it.
      const hvc = await idOf(t, 'organisations', 'code', 'HVC');
      await t.database.db.transaction((tx) =>
        createMember(tx, { userId: user?.id ?? '', organisationId: hvc, groupNames: ['Physician'] }),
      );
      const { access } = await signIn(t, email, STRONG_PASSWORD);
      const info = (await getAs(t, access, '/api/userinfo/')).json();
      expect(info.primaryOrganisation).toMatchObject({ id: hvc });
      expect(info.roles).toEqual(['Physician']);
      const list = (await getAs(t, access, `/api/cases/?page_size=100`)).json();
      expect(list.results.map((c: { id: string }) => c.id)).toContain(caseId);
      const detail = (await getAs(t, access, `/api/cases/${caseId}/`)).json();
      expect(detail.isSharedToCurrentUser).toBeDefined();
      const sharedWith = (await getAs(t, physician, `/api/cases/${caseId}/`)).json().sharedWith;
      expect(sharedWith).toEqual([{ id: user?.id, email, isPending: false }]);
    });
  });
});

describe('test hooks', () => {
  it('are absent unless TEST_HOOKS_TOKEN is set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/test-hooks/approve-registration/', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuse a caller without the secret, and approve with it', async () => {
    const token = 'e2e-hooks-secret-of-at-least-32-characters';
    const t = await createTestApp({ env: { TEST_HOOKS_TOKEN: token } });
    try {
      const payload = { email: 'pending@cardiomap.test', organisationCode: 'HVC', roles: ['Physician'] };
      const url = '/api/test-hooks/approve-registration/';
      expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(403);
      const wrong = { 'x-test-hooks-token': `${token}x` };
      expect((await t.app.inject({ method: 'POST', url, payload, headers: wrong })).statusCode).toBe(403);
      const ok = await t.app.inject({ method: 'POST', url, payload, headers: { 'x-test-hooks-token': token } });
      expect(ok.statusCode).toBe(204);
      const { access } = await signIn(t, 'pending@cardiomap.test');
      expect((await getAs(t, access, '/api/userinfo/')).json().primaryOrganisation).toMatchObject({ code: 'HVC' });
    } finally {
      await t.close();
    }
  });
});
