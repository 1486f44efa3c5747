import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorCache, SessionStateCache } from '../../src/modules/accounts/index.ts';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The auth plugin caches sign-in states and built actors. These writes go straight to the database, as
 * another API instance would make them: the database notifies, and requests see each change as soon as
 * the notice arrives (at once on PGlite, within milliseconds on PostgreSQL).
 */
describe('signed-in profile caching never serves a stale profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const userInfo = async (access: string) => {
    const res = await getAs(t, access, '/api/userinfo/');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const status = async (access: string) => (await getAs(t, access, '/api/userinfo/')).statusCode;
  const soon = { timeout: 2000, interval: 20 };

  it('sees a change to the user row', async () => {
    const { access } = await signIn(t, 'case-manager@cardiomap.test');
    expect((await userInfo(access)).givenName).toBe('Casey');
    await t.database.query(`UPDATE users SET given_name = 'Cassandra' WHERE email = 'case-manager@cardiomap.test'`);
    await expect.poll(async () => (await userInfo(access)).givenName, soon).toBe('Cassandra');
  });

  it('sees a new role, a renamed organisation and a removed membership', async () => {
    const { access } = await signIn(t, 'venus-sales@cardiomap.test');
    const before = await userInfo(access);
    expect(before.canEditUsersAndOrganisations).toBe(false);
    await t.database.query(
      `INSERT INTO group_memberships (group_id, user_id)
       SELECT g.id, u.id FROM groups g, users u WHERE g.name = 'Superuser' AND u.email = 'venus-sales@cardiomap.test'`,
    );
    await expect.poll(async () => (await userInfo(access)).roles, soon).toContain('Superuser');
    expect((await userInfo(access)).canEditUsersAndOrganisations).toBe(true);

    await t.database.query(`UPDATE organisations SET name = 'HVC Renamed' WHERE code = 'HVC'`);
    await expect.poll(async () => (await userInfo(access)).primaryOrganisation.name, soon).toBe('HVC Renamed');
    await t.database.query(`UPDATE organisations SET name = 'Heart Valve Centre Rotterdam' WHERE code = 'HVC'`);

    await t.database.query(
      `DELETE FROM organisation_memberships WHERE user_id = (SELECT id FROM users WHERE email = 'venus-sales@cardiomap.test')`,
    );
    await expect.poll(async () => (await userInfo(access)).primaryOrganisation, soon).toBeNull();
  });

  it("sees a change to a group's permissions", async () => {
    const { access } = await signIn(t, 'rnd-engineer@cardiomap.test');
    expect((await userInfo(access)).canAddTemplate).toBe(false);
    await t.database.query(
      `INSERT INTO group_permissions (group_id, permission_id)
       SELECT g.id, p.id FROM groups g, permissions p WHERE g.name = 'RnD Engineer' AND p.codename = 'licenses.add_deviceaccessgroup'`,
    );
    await expect.poll(async () => (await userInfo(access)).canAddTemplate, soon).toBe(true);
  });

  it('sees changes made through this instance on the very next request', async () => {
    const { access } = await signIn(t, 'case-analyst@cardiomap.test');
    await userInfo(access);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/',
      headers: bearer(access),
      payload: { hide_patient_identifier: true },
    });
    expect(patched.statusCode).toBe(200);
    expect((await userInfo(access)).settings.hidePatientIdentifier).toBe(true);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: bearer(access), payload: {} });
    expect(logout.statusCode).toBe(200);
    expect(await status(access)).toBe(401);
  });

  it('refuses requests after deactivation or revocation', async () => {
    const first = await signIn(t, 'development@cardiomap.test');
    await userInfo(first.access);
    await t.database.query(
      `UPDATE auth_sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = 'development@cardiomap.test')`,
    );
    await expect.poll(() => status(first.access), soon).toBe(401);
    const revoked = await t.app.inject({ method: 'GET', url: '/api/userinfo/', headers: bearer(first.access) });
    expect(revoked.json().code).toBe('token_not_valid');

    const second = await signIn(t, 'development@cardiomap.test');
    await userInfo(second.access);
    await t.database.query(`UPDATE users SET is_active = false WHERE email = 'development@cardiomap.test'`);
    await expect.poll(() => status(second.access), soon).toBe(401);
  });
});

describe('ActorCache', () => {
  const template = (userId: string, profileVersion: number) =>
    ({ userId, profile: { profileVersion } }) as unknown as Parameters<ActorCache['set']>[0];

  it('answers only for the version it was built from', () => {
    const cache = new ActorCache();
    cache.set(template('u1', 3));
    expect(cache.get('u1', 3)?.userId).toBe('u1');
    expect(cache.get('u1', 4)).toBeUndefined();
    expect(cache.get('u2', 3)).toBeUndefined();
  });

  it('drops the least recently stored user beyond its bound', () => {
    const cache = new ActorCache(2);
    cache.set(template('u1', 1));
    cache.set(template('u2', 1));
    cache.set(template('u1', 2));
    cache.set(template('u3', 1));
    expect(cache.size).toBe(2);
    expect(cache.get('u2', 1)).toBeUndefined();
    expect(cache.get('u1', 2)).toBeDefined();
  });
});

describe('SessionStateCache', () => {
  const make = () => {
    let now = 1_000;
    const cache = new SessionStateCache(30_000, 100, () => now);
    return { cache, advance: (ms: number) => (now += ms) };
  };

  it('caches nothing until it listens for changes', () => {
    const { cache } = make();
    cache.store(cache.beginCheck(), 's1', 'u1', 7);
    expect(cache.profileVersion('s1', 'u1')).toBeUndefined();
    cache.setListening(true);
    cache.store(cache.beginCheck(), 's1', 'u1', 7);
    expect(cache.profileVersion('s1', 'u1')).toBe(7);
  });

  it('answers only for the user the sign-in belongs to', () => {
    const { cache } = make();
    cache.setListening(true);
    cache.store(cache.beginCheck(), 's1', 'u1', 7);
    expect(cache.profileVersion('s1', 'u2')).toBeUndefined();
  });

  it("forgets a user's sign-ins when told the user changed, and no one else's", () => {
    const { cache } = make();
    cache.setListening(true);
    cache.store(cache.beginCheck(), 's1', 'u1', 1);
    cache.store(cache.beginCheck(), 's2', 'u1', 1);
    cache.store(cache.beginCheck(), 's3', 'u2', 1);
    cache.userChanged('u1');
    expect(cache.profileVersion('s1', 'u1')).toBeUndefined();
    expect(cache.profileVersion('s2', 'u1')).toBeUndefined();
    expect(cache.profileVersion('s3', 'u2')).toBe(1);
  });

  it('does not store a check that raced with a change notice', () => {
    const { cache } = make();
    cache.setListening(true);
    const started = cache.beginCheck();
    cache.userChanged('u1');
    cache.store(started, 's1', 'u1', 1);
    expect(cache.profileVersion('s1', 'u1')).toBeUndefined();
  });

  it('forgets everything when listening stops, and entries expire as a backstop', () => {
    const { cache, advance } = make();
    cache.setListening(true);
    cache.store(cache.beginCheck(), 's1', 'u1', 1);
    advance(30_001);
    expect(cache.profileVersion('s1', 'u1')).toBeUndefined();
    cache.store(cache.beginCheck(), 's1', 'u1', 1);
    cache.setListening(false);
    expect(cache.profileVersion('s1', 'u1')).toBeUndefined();
  });
});
