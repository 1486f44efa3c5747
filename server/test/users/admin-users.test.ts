import { EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { type AdminWorld, roleWith as adminRoleWith, adminWorld, PASSWORD, sender, UNKNOWN } from './admin-world.ts';

describe('user administration (users/)', () => {
  let t: TestApp;
  let w: AdminWorld;

  const send = (...args: Parameters<ReturnType<typeof sender>>) => sender(t)(...args);
  const newUser = (email: string, extra: object = {}) => ({
    email,
    password: PASSWORD,
    password2: PASSWORD,
    givenName: 'Nina',
    familyName: 'Newman',
    organisations: [{ organisationId: w.org.HVC, isPrimary: true, contact: false }],
    // No role by default: Customer Support, the administrator of these tests, may grant none of the
    // seeded ones (issue 27); a test that needs a role says which.
    groups: [],
    ...extra,
  });
  const create = async (token: string, email: string, extra: object = {}) => {
    const res = await send('POST', '/api/users/', token, newUser(email, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; email: string; groups: number[]; hasExpiredPassword: boolean };
  };
  const roleWith = (name: string, permissions: readonly string[]) => adminRoleWith(t, name, permissions);

  beforeAll(async () => {
    t = await createTestApp();
    w = await adminWorld(t);
  });
  afterAll(async () => t.close());

  const adminRoutes = (id: string) =>
    [
      ['GET', `/api/users/${id}/`, undefined],
      ['POST', '/api/users/', newUser('x@cardiomap.test')],
      ['PATCH', `/api/users/${id}/`, { givenName: 'X' }],
      ['DELETE', `/api/users/${id}/`, undefined],
      ['POST', `/api/users/${id}/set-password/`, { newPassword: PASSWORD, newPassword2: PASSWORD }],
      ['POST', `/api/users/${id}/expire-password/`, {}],
    ] as const;

  it('requires authentication on every route', async () => {
    for (const [method, url, body] of adminRoutes(UNKNOWN)) {
      const res = await send(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to a user without the administrator permissions', async () => {
    const target = await create(w.superuser, 'target-403@cardiomap.test');
    for (const [method, url, body] of adminRoutes(target.id)) {
      const res = await send(method, url, w.physician, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 403 when any one of the five permissions is missing', async () => {
    const target = await create(w.superuser, 'target-missing@cardiomap.test');
    for (const missing of EDIT_USERS_AND_ORGANISATIONS) {
      const kept = [...EDIT_USERS_AND_ORGANISATIONS.filter((p) => p !== missing), PERMISSIONS.allOrganisations];
      const role = await roleWith(`Without ${missing}`, kept);
      const email = `without-${missing.replace(/\W/g, '-')}@cardiomap.test`;
      await create(w.superuser, email, { groups: [role] });
      const { access } = await signIn(t, email, PASSWORD);
      for (const [method, url, body] of adminRoutes(target.id)) {
        const res = await send(method, url, access, body);
        expect(res.statusCode, `${missing}: ${method} ${url}`).toBe(403);
      }
    }
  });

  it('creates a user with roles, organisations, primary and contact flag, and audits it', async () => {
    // A role inside Customer Support's own permissions, so it may grant it.
    const viewer = await roleWith('Case Viewer', [PERMISSIONS.viewCaseDetails]);
    const created = await create(w.support, 'nina@cardiomap.test', {
      groups: [viewer],
      organisations: [
        { organisationId: w.org.HVC, isPrimary: true, contact: true },
        { organisationId: w.org.BHI, isPrimary: false, contact: false },
      ],
      middleName: 'M',
      phoneNumber: '+41 44 000 00 00',
      title: 'Dr.',
    });
    expect(created.groups).toEqual([viewer]);
    const got = await getAs(t, w.support, `/api/users/${created.id}/`);
    expect(got.json()).toMatchObject({
      email: 'nina@cardiomap.test',
      isActive: true,
      lastSignIn: null,
      mfaRequired: false,
      hasExpiredPassword: false,
      organisationMemberships: [
        { organisationId: w.org.HVC, isPrimary: true, contact: true },
        { organisationId: w.org.BHI, isPrimary: false, contact: false },
      ],
    });
    const [audit] = await t.database.query<{ actor_id: string; details: { after: { email: string } } }>(
      `SELECT actor_id, details FROM audit_events WHERE action = 'user.create' AND target_id = $1`,
      [created.id],
    );
    expect(audit?.actor_id).toBe(w.supportId);
    expect(audit?.details.after.email).toBe('nina@cardiomap.test');
    const { access } = await signIn(t, 'nina@cardiomap.test', PASSWORD);
    expect((await getAs(t, w.support, `/api/users/${created.id}/`)).json().lastSignIn).not.toBeNull();
    expect((await getAs(t, access, '/api/userinfo/')).json().primaryOrganisation.id).toBe(w.org.HVC);
  });

  it('answers 400 with the field names of spec §5 and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ password2: `${PASSWORD}x` }, 'password2'],
      [{ password: 'short', password2: 'short' }, 'password'],
      [{ givenName: '' }, 'givenName'],
      [{ familyName: '' }, 'familyName'],
      [{ phoneNumber: 'x'.repeat(151) }, 'phoneNumber'],
      [{ middleName: 'x'.repeat(31) }, 'middleName'],
      [{ organisations: [] }, 'organisations'],
      [{ organisations: [{ organisationId: UNKNOWN, isPrimary: true }] }, 'organisations'],
      [
        {
          organisations: [
            { organisationId: w.org.HVC, isPrimary: true },
            { organisationId: w.org.BHI, isPrimary: true },
          ],
        },
        'organisations',
      ],
      [{ groups: [99999] }, 'groups'],
      [{ groups: [w.groupId['Field Clinical Specialist']] }, 'deviceIds'],
      [{ email: 'physician@cardiomap.test' }, 'email'],
    ];
    for (const [extra, field] of cases) {
      const res = await send('POST', '/api/users/', w.support, newUser('bad@cardiomap.test', extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toHaveProperty(field);
    }
    const left = await t.database.query(`SELECT 1 FROM users WHERE email = 'bad@cardiomap.test'`);
    expect(left).toHaveLength(0);
    const fcs = await send(
      'POST',
      '/api/users/',
      w.superuser,
      newUser('fcs@cardiomap.test', { groups: [w.groupId['Field Clinical Specialist']], deviceIds: [w.devices[0]] }),
    );
    expect(fcs.statusCode).toBe(201);
    expect(fcs.json().specialisations).toEqual([expect.objectContaining({ deviceId: w.devices[0] })]);
  });

  it('lets only a superuser grant or remove the superuser flag', async () => {
    const res = await send('POST', '/api/users/', w.support, newUser('wannabe@cardiomap.test', { isSuperuser: true }));
    expect(res.statusCode).toBe(403);
    const target = await create(w.support, 'plain@cardiomap.test');
    expect((await send('PATCH', `/api/users/${target.id}/`, w.support, { isSuperuser: true })).statusCode).toBe(403);
    const granted = await send('PATCH', `/api/users/${target.id}/`, w.superuser, { isSuperuser: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().isSuperuser).toBe(true);
  });

  it('refuses self-lockout: no self deactivation, no removing the own last admin role', async () => {
    const ownDelete = await send('DELETE', `/api/users/${w.supportId}/`, w.support);
    expect(ownDelete.statusCode).toBe(400);
    expect(ownDelete.json().nonFieldErrors).toEqual(['You cannot mark yourself inactive.']);
    // An administrator whose role it may grant itself (no access to every organisation), so only the
    // lockout rule decides: dropping that role would end its own administration.
    const role = await roleWith('Self-granting Admin', EDIT_USERS_AND_ORGANISATIONS);
    const self = await create(w.superuser, 'self-admin@cardiomap.test', { groups: [role] });
    const selfToken = (await signIn(t, 'self-admin@cardiomap.test', PASSWORD)).access;
    const lockout = await send('PATCH', `/api/users/${self.id}/`, selfToken, { groups: [] });
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().nonFieldErrors[0]).toMatch(/your own permission/);
    const unchanged = await send('PATCH', `/api/users/${self.id}/`, selfToken, { groups: [role], title: 'Dr.' });
    expect(unchanged.statusCode).toBe(200);
  });

  it('ends the sessions of a user marked inactive at once, and marks them active again', async () => {
    const target = await create(w.support, 'leaver@cardiomap.test');
    const tokens = await signIn(t, 'leaver@cardiomap.test', PASSWORD);
    expect((await getAs(t, tokens.access, '/api/userinfo/')).statusCode).toBe(200);
    expect((await send('DELETE', `/api/users/${target.id}/`, w.support)).statusCode).toBe(204);
    const after = await getAs(t, tokens.access, '/api/userinfo/');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_not_valid');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refreshtoken/',
      payload: { refresh: tokens.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(signIn(t, 'leaver@cardiomap.test', PASSWORD)).rejects.toThrow();
    const listed = await getAs(t, w.support, '/api/users/?name_email_or_title=leaver');
    expect(listed.json().results[0]).toMatchObject({ email: 'leaver@cardiomap.test', isActive: false });
    const back = await send('PATCH', `/api/users/${target.id}/`, w.support, { isActive: true });
    expect(back.statusCode).toBe(200);
    expect(back.json().isActive).toBe(true);
    await signIn(t, 'leaver@cardiomap.test', PASSWORD);
    const actions = await t.database.query<{ action: string }>(
      'SELECT action FROM audit_events WHERE target_id = $1 ORDER BY at',
      [target.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['user.create', 'user.deactivate', 'user.activate']);
  });

  it('expires a password once; the next sign-in goes to the expired-password flow', async () => {
    const target = await create(w.support, 'expiring@cardiomap.test');
    const res = await send('POST', `/api/users/${target.id}/expire-password/`, w.support, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().hasExpiredPassword).toBe(true);
    expect((await send('POST', `/api/users/${target.id}/expire-password/`, w.support, {})).statusCode).toBe(409);
    const signInRes = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'expiring@cardiomap.test', password: PASSWORD },
    });
    expect(signInRes.json().code).toBe('password_expired');
  });

  it('sets a password with the password rules; the old sign-ins end', async () => {
    const target = await create(w.support, 'reset@cardiomap.test');
    const old = await signIn(t, 'reset@cardiomap.test', PASSWORD);
    const url = `/api/users/${target.id}/set-password/`;
    const mismatch = await send('POST', url, w.support, { newPassword: `${PASSWORD}!`, newPassword2: PASSWORD });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().newPassword2).toEqual(['Passwords must match']);
    const weak = await send('POST', url, w.support, { newPassword: 'short', newPassword2: 'short' });
    expect(weak.json().newPassword).toContain('Must contain at least 15 characters');
    const next = 'Another-Long-Passphrase-Orbit-77';
    expect((await send('POST', url, w.support, { newPassword: next, newPassword2: next })).statusCode).toBe(200);
    expect((await getAs(t, old.access, '/api/userinfo/')).statusCode).toBe(401);
    await signIn(t, 'reset@cardiomap.test', next);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await getAs(t, w.support, `/api/users/${UNKNOWN}/`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/users/${UNKNOWN}/`, w.support)).statusCode).toBe(404);
  });

  describe('an administrator limited to some organisations', () => {
    let limited: string;
    let inHvc: string;
    beforeAll(async () => {
      const role = await roleWith('Organisation Admin', EDIT_USERS_AND_ORGANISATIONS);
      await create(w.superuser, 'org-admin@cardiomap.test', {
        groups: [role],
        organisations: [{ organisationId: w.org.BHI, isPrimary: true, contact: false }],
      });
      limited = (await signIn(t, 'org-admin@cardiomap.test', PASSWORD)).access;
      inHvc = (await create(w.superuser, 'hvc-only@cardiomap.test')).id;
    });

    it('sees only the users of its organisations; others answer 404', async () => {
      for (const [method, url, body] of adminRoutes(inHvc).filter(([, u]) => u !== '/api/users/')) {
        const res = await send(method, url, limited, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await getAs(t, limited, `/api/users/?organisation_id=${w.org.HVC}`)).statusCode).toBe(404);
      const list = (await getAs(t, limited, '/api/users/?page_size=100')).json();
      expect(
        list.results.every((u: { organisationIds: string[] }) => u.organisationIds.includes(w.org.BHI as string)),
      ).toBe(true);
      const outside = await send('POST', '/api/users/', limited, newUser('outside@cardiomap.test'));
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toHaveProperty('organisations');
    });
  });

  describe('GET /api/users/ for administrators', () => {
    it('filters by has_organisation and organisation, 15 per page', async () => {
      const pending = (await getAs(t, w.support, '/api/users/?has_organisation=false')).json();
      expect(pending.results.map((u: { email: string }) => u.email)).toContain('pending@cardiomap.test');
      expect(pending.results.every((u: { organisationIds: string[] }) => u.organisationIds.length === 0)).toBe(true);
      const hvc = (await getAs(t, w.support, `/api/users/?organisation_id=${w.org.HVC}`)).json();
      expect(hvc.results.length).toBeLessThanOrEqual(15);
      expect(hvc.count).toBeGreaterThan(15);
      expect(hvc.next).toContain('page=2');
    });
  });
});
