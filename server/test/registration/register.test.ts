import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { idOf } from '../orders/fixtures.ts';
import {
  lastMailTo,
  lastVerificationKey,
  outboxTo,
  register,
  registration,
  registrationRows,
  STRONG_PASSWORD,
  userRow,
} from './registration-fixtures.ts';

describe('POST /api/registration/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cardiomap.example.org' } });
  });
  afterAll(async () => t.close());

  const fieldErrors = async (overrides: Record<string, unknown>) => {
    const res = await register(t, registration(overrides));
    expect(res.statusCode, res.body).toBe(400);
    return res.json();
  };

  it('is public: no token needed, and a bad token is not looked at', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registration/',
      headers: { authorization: 'Bearer garbage' },
      payload: registration({ email: 'public.route@example.org' }),
    });
    expect(res.statusCode).toBe(202);
  });

  it('answers 400 with the spec §5 message for each missing field', async () => {
    const res = await register(t, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      givenName: ['This field is required'],
      familyName: ['This field is required'],
      phoneNumber: ['This field is required'],
      email: ['This field is required'],
      password: ['This field is required'],
    });
    expect(await fieldErrors({ givenName: '  ', familyName: '' })).toMatchObject({
      givenName: ['This field may not be blank.'],
      familyName: ['This field may not be blank.'],
    });
  });

  it('answers 400 for an invalid e-mail, long fields and an unknown title', async () => {
    expect(await fieldErrors({ email: 'not-an-address' })).toEqual({ email: ['E-mail must be valid'] });
    expect(await fieldErrors({ middleName: 'm'.repeat(31) })).toEqual({
      middleName: ['Ensure this field has no more than 30 characters.'],
    });
    expect(await fieldErrors({ phoneNumber: '1'.repeat(151) })).toEqual({
      phoneNumber: ['Ensure this field has no more than 150 characters.'],
    });
    expect(await fieldErrors({ title: 'Sir' })).toEqual({
      title: ['Choose one of: Dr., Prof. Dr., Mr., Mrs., Ms. or none.'],
    });
  });

  it('answers 400 for each password rule', async () => {
    const short = 'a'.repeat(14);
    expect(await fieldErrors({ password: short, password2: short })).toEqual({
      password: ['Must contain at least 15 characters'],
    });
    const long = 'a'.repeat(129);
    expect(await fieldErrors({ password: long, password2: long })).toMatchObject({
      password: ['Must contain at most 128 characters'],
    });
    expect(await fieldErrors({ password2: `${STRONG_PASSWORD}!` })).toEqual({ password2: ["Passwords don't match"] });
    const email = 'nora.newcomer@example.org';
    expect(await fieldErrors({ password: email, password2: email })).toEqual({
      password: ['Must not be your e-mail address'],
    });
    const name = 'Noraleen Newcomerson';
    expect(
      await fieldErrors({ givenName: 'Noraleen', familyName: 'Newcomerson', password: name, password2: name }),
    ).toEqual({ password: ['Must not be your name'] });
    expect(await fieldErrors({ password: 'passwordpassword', password2: 'passwordpassword' })).toEqual({
      password: ['This password is too common or easy to guess'],
    });
  });

  it('needs exactly one organisation choice, and an existing one must exist', async () => {
    expect(await fieldErrors({ organisationName: undefined })).toEqual({
      organisation: ['Choose your organisation or enter the name of a new one.'],
    });
    const hvc = await idOf(t, 'organisations', 'code', 'HVC');
    expect(await fieldErrors({ organisationId: hvc })).toEqual({
      organisation: ['Choose an existing organisation or enter a new name, not both.'],
    });
    expect(
      await fieldErrors({ organisationName: undefined, organisationId: '00000000-0000-4000-8000-000000000999' }),
    ).toEqual({ organisationId: ['No organisation matches the given id.'] });
    expect(await fieldErrors({ organisationName: undefined, organisationId: 'nope' })).toEqual({
      organisationId: ['Must be a valid UUID.'],
    });
  });

  it('refuses malformed and oversized bodies without storing anything', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/registration/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await register(t, registration({ email: 'huge@example.org', givenName: 'x'.repeat(2_000_000) }));
    expect(huge.statusCode).toBe(413);
    const wrongTypes = await register(
      t,
      registration({ email: 'types@example.org', givenName: 42, organisationId: [] }),
    );
    expect(wrongTypes.statusCode).toBe(400);
    for (const email of ['huge@example.org', 'types@example.org']) expect(await registrationRows(t, email)).toEqual([]);
    expect([...(await outboxTo(t, 'huge@example.org')), ...(await outboxTo(t, 'types@example.org'))]).toEqual([]);
  });

  it('stores the registration, creates no account yet and mails a link on PUBLIC_URL', async () => {
    const email = 'new.user@example.org';
    const res = await register(t, registration({ email: ' New.User@Example.org ', middleName: 'Q' }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      detail: `We sent an e-mail to ${email}. Open the link in it to verify your address; it works for 24 hours.`,
      email,
      resendAvailableIn: 60,
    });
    const rows = await registrationRows(t, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await userRow(t, email)).toBeNull();
    const mail = await lastMailTo(t, email);
    expect(mail?.subject).toBe('Verify your e-mail address for CardioMap');
    expect(mail?.text).toContain('You registered for CardioMap as Dr. Nora Q Newcomer, asking to join St. Elsewhere');
    expect(mail?.text).toMatch(
      /Verify my e-mail address: https:\/\/cardiomap\.example\.org\/emailverification\/[\w-]{16}\.[\w-]{43}\n/,
    );
    expect(mail?.html).toContain('href="https://cardiomap.example.org/emailverification/');
    // The key is in the mail only: the database keeps its selector and the verifier's hash.
    const key = (await lastVerificationKey(t, email)) ?? '';
    const [stored] = await t.database.query<Record<string, string>>(
      'SELECT selector, verifier_hash FROM registrations WHERE email = $1',
      [email],
    );
    expect(key.split('.')[0]).toBe(stored?.selector);
    expect(JSON.stringify(stored)).not.toContain(key.split('.')[1]);
  });

  it('keeps the chosen existing organisation by id and name', async () => {
    const hvc = await idOf(t, 'organisations', 'code', 'HVC');
    const email = 'joins.hvc@example.org';
    const res = await register(t, registration({ email, organisationName: undefined, organisationId: hvc }));
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.query<{ organisationId: string; organisationName: string }>(
      `SELECT organisation_id AS "organisationId", organisation_name AS "organisationName"
         FROM registrations WHERE email = $1`,
      [email],
    );
    expect(row).toEqual({ organisationId: hvc, organisationName: 'Heart Valve Centre Rotterdam' });
  });

  it('answers an existing address exactly as a new one, and mails its owner instead of registering', async () => {
    const existing = 'physician@cardiomap.test';
    const fresh = 'someone.fresh@example.org';
    const known = await register(t, registration({ email: 'Physician@CardioMap.test' }));
    const unknown = await register(t, registration({ email: fresh }));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual({
      ...unknown.json(),
      detail: unknown.json().detail.replace(fresh, existing),
      email: existing,
    });
    expect(await registrationRows(t, existing)).toEqual([]);
    const mail = await lastMailTo(t, existing);
    expect(mail?.subject).toBe('You already have a CardioMap account');
    expect(mail?.text).toContain('https://cardiomap.example.org/login');
    expect(mail?.text).toContain('https://cardiomap.example.org/forgotpassword');
    expect(await lastVerificationKey(t, existing)).toBeNull();
    const [audit] = await t.database.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE action = 'account.register_existing'`,
    );
    expect(audit).toBeDefined();
  });

  it('escapes what the registrant typed in the HTML mail', async () => {
    const email = 'html.inject@example.org';
    await register(t, registration({ email, organisationName: '<img src=x onerror=alert(1)>' }));
    const html = (await lastMailTo(t, email))?.html ?? '';
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('GET /api/registration/organisations/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const search = (term: string) =>
    t.app.inject({ method: 'GET', url: `/api/registration/organisations/?search=${encodeURIComponent(term)}` });

  it('needs at least three characters', async () => {
    const res = await search('he');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ search: ['Type at least 3 characters.'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/registration/organisations/' })).statusCode).toBe(400);
  });

  it('answers id and name of the organisations whose name contains the search, and nothing more', async () => {
    const res = await search('HEART');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { name: string }) => o.name)).toEqual([
      'Boston Heart Institute',
      'Heart Valve Centre Rotterdam',
      'Melbourne Heart Alliance',
    ]);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['id', 'name']);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search('%%%')).json()).toEqual([]);
    expect((await search('___')).json()).toEqual([]);
  });
});

describe('registration mail, sent by the workers', () => {
  it('reaches the mailer after the answer, and its body leaves the outbox once sent', async () => {
    const t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
    try {
      const email = 'delivered@example.org';
      expect((await register(t, registration({ email }))).statusCode).toBe(202);
      await expect
        .poll(() => t.mail.sent.filter((m) => m.to === email).length, { timeout: 20_000, interval: 100 })
        .toBe(1);
      expect(t.mail.lastTo(email)?.text).toMatch(/\/emailverification\/[\w-]{16}\.[\w-]{43}/);
      await expect
        .poll(async () => (await outboxTo(t, email)).map((m) => m.text), { timeout: 20_000, interval: 100 })
        .toEqual([null]);
    } finally {
      await t.close();
    }
  });
});
