import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { type AdminWorld, adminWorld, PASSWORD, sender } from './admin-world.ts';

/**
 * Issue 27 (High): a non-superuser administrator changes no superuser account, the last active
 * superuser cannot lose its flag, and no administrator sets its own password through the admin route.
 */
describe('superuser accounts and the admin password route', () => {
  let t: TestApp;
  let w: AdminWorld;
  let send: ReturnType<typeof sender>;
  let superuserId: string;

  const newSuperuser = async (email: string) => {
    const res = await send('POST', '/api/users/', w.superuser, {
      email,
      password: PASSWORD,
      password2: PASSWORD,
      givenName: 'Second',
      familyName: 'Root',
      organisations: [{ organisationId: w.org.HVC, isPrimary: true, contact: false }],
      isSuperuser: true,
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as string, token: (await signIn(t, email, PASSWORD)).access };
  };
  /** Each test starts from the seed's state: the seeded superuser is the only active one. */
  const onlySeededSuperuser = async () => {
    await t.database.query('UPDATE users SET is_superuser = (id = $1) WHERE is_superuser OR id = $1', [superuserId]);
    await t.database.query('UPDATE users SET is_active = true WHERE id = $1', [superuserId]);
  };
  const activeSuperusers = async () =>
    (await t.database.query<{ id: string }>('SELECT id FROM users WHERE is_superuser AND is_active')).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp();
    w = await adminWorld(t);
    send = sender(t);
    superuserId = (await getAs(t, w.superuser, '/api/userinfo/')).json().sub;
  }, 60_000);
  afterAll(async () => t?.close());

  it('lets a non-superuser administrator read a superuser, and change nothing of it', async () => {
    expect((await send('GET', `/api/users/${superuserId}/`, w.support)).statusCode).toBe(200);
    const before = (await send('GET', `/api/users/${superuserId}/`, w.superuser)).json();
    const attempts: [string, string, object?][] = [
      ['PATCH', `/api/users/${superuserId}/`, { givenName: 'Renamed' }],
      ['PATCH', `/api/users/${superuserId}/`, { groups: [] }],
      ['PATCH', `/api/users/${superuserId}/`, { organisations: [] }],
      ['POST', `/api/users/${superuserId}/expire-password/`, {}],
      ['POST', `/api/users/${superuserId}/set-password/`, { newPassword: PASSWORD, newPassword2: PASSWORD }],
      ['DELETE', `/api/users/${superuserId}/`],
      ['POST', '/api/organisation-memberships/', { organisationId: w.org.BHI, userId: superuserId, isPrimary: false }],
      ['POST', '/api/specialisations/', { userId: superuserId, deviceId: w.devices[1] }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await send(method as 'PATCH', url, w.support, body);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      expect(res.json().detail).toBe('Only a superuser can change a superuser account.');
    }
    const after = (await send('GET', `/api/users/${superuserId}/`, w.superuser)).json();
    expect(after).toEqual(before);
  });

  it('keeps the last active superuser: its flag stays, concurrent demotions leave one', async () => {
    await onlySeededSuperuser();
    expect(await activeSuperusers()).toEqual([superuserId]);
    const alone = await send('PATCH', `/api/users/${superuserId}/`, w.superuser, { isSuperuser: false });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().code).toBe('last_superuser');

    // Two superusers demote each other at once: exactly one demotion goes through.
    const second = await newSuperuser('second-root@cardiomap.test');
    const results = await Promise.all([
      send('PATCH', `/api/users/${second.id}/`, w.superuser, { isSuperuser: false }),
      send('PATCH', `/api/users/${superuserId}/`, second.token, { isSuperuser: false }),
    ]);
    // The loser is refused by the guard (409), or, when the winner committed before its request was
    // authorised, as a superuser no more (403): either way one superuser stays.
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect(results.map((r) => r.statusCode).filter((s) => s === 409 || s === 403)).toHaveLength(1);
    expect(await activeSuperusers()).toHaveLength(1);
  });

  it('keeps an active superuser when two deactivate each other at once', async () => {
    await onlySeededSuperuser();
    const third = await newSuperuser('third-root@cardiomap.test');
    const results = await Promise.all([
      send('DELETE', `/api/users/${third.id}/`, w.superuser),
      send('DELETE', `/api/users/${superuserId}/`, third.token),
    ]);
    // The loser is refused by the guard (409), or its sign-in already ended with its account (401).
    expect(results.map((r) => r.statusCode).filter((s) => s === 204)).toHaveLength(1);
    expect(results.map((r) => r.statusCode).filter((s) => s === 409 || s === 401)).toHaveLength(1);
    expect(await activeSuperusers()).toHaveLength(1);
  });

  it('sends an administrator to the password change for its own password', async () => {
    const res = await send('POST', `/api/users/${w.supportId}/set-password/`, w.support, {
      newPassword: 'Another-Horse-Battery-Staple-2027',
      newPassword2: 'Another-Horse-Battery-Staple-2027',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/^Change your own password on the Settings page/);
    // Still the old password.
    expect((await signIn(t, 'customer-support@cardiomap.test')).access).toBeTruthy();
  });
});
