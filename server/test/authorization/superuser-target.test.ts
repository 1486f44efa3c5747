import { type RouteDef, type RouteName, routes } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The authorization table's row "non-superuser administrator vs superuser target" (issue 27): every route
 * that changes a user account, or one of its roles, organisations or devices, answers such an
 * administrator (Customer Support: all five administration permissions, every organisation) 403 for a
 * superuser's account, and changes nothing. The routes are found in the contract: a new one that names a
 * user fails the first test until it has a request here.
 */
interface Target {
  superuserId: string;
  membershipId: string;
  specialisationId: string;
  groupId: number;
  deviceId: string;
  organisationId: string;
}
type Request = (x: Target) => { url: string; body?: object };

const CHANGES: Partial<Record<RouteName, Request>> = {
  updateUser: (x) => ({ url: `/api/users/${x.superuserId}/`, body: { givenName: 'Renamed' } }),
  deactivateUser: (x) => ({ url: `/api/users/${x.superuserId}/` }),
  setUserPassword: (x) => ({
    url: `/api/users/${x.superuserId}/set-password/`,
    body: { newPassword: 'Another-Horse-Battery-Staple-2027', newPassword2: 'Another-Horse-Battery-Staple-2027' },
  }),
  expireUserPassword: (x) => ({ url: `/api/users/${x.superuserId}/expire-password/`, body: {} }),
  createGroupMembership: (x) => ({ url: '/api/group-memberships/', body: { group: x.groupId, userId: x.superuserId } }),
  deleteGroupMembership: (x) => ({ url: `/api/group-memberships/${x.groupId}/${x.superuserId}/` }),
  createOrganisationMembership: (x) => ({
    url: '/api/organisation-memberships/',
    body: { organisationId: x.organisationId, userId: x.superuserId, isPrimary: false, contact: false },
  }),
  updateOrganisationMembership: (x) => ({
    url: `/api/organisation-memberships/${x.membershipId}/`,
    body: { contact: true },
  }),
  deleteOrganisationMembership: (x) => ({ url: `/api/organisation-memberships/${x.membershipId}/` }),
  createSpecialisation: (x) => ({
    url: '/api/specialisations/',
    body: { userId: x.superuserId, deviceId: x.deviceId },
  }),
  deleteSpecialisation: (x) => ({ url: `/api/specialisations/${x.specialisationId}/` }),
};

/** A route that changes an account: under users/:id, or one of the user's memberships or devices. */
const changesAnAccount = (route: RouteDef) =>
  route.method !== 'GET' &&
  (/^\/api\/users\/:id\//.test(route.path) ||
    /^\/api\/(group|organisation)-memberships\/|^\/api\/specialisations\//.test(route.path));

describe('authorization table: non-superuser administrator vs a superuser target', () => {
  let t: TestApp;
  let support: string;
  let superuser: string;
  let target: Target;
  const snapshot = async () =>
    t.database.query(
      `SELECT u.given_name, u.is_active, u.password_hash, u.password_expired_at,
              (SELECT array_agg(group_id ORDER BY group_id) FROM group_memberships WHERE user_id = u.id) AS groups,
              (SELECT array_agg(organisation_id || ':' || contact ORDER BY organisation_id) FROM organisation_memberships WHERE user_id = u.id) AS orgs,
              (SELECT array_agg(device_id ORDER BY device_id) FROM specialisations WHERE user_id = u.id) AS devices
         FROM users u WHERE u.id = $1`,
      [target.superuserId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    support = (await signIn(t, 'customer-support@cardiomap.test')).access;
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    const superuserId = (await getAs(t, superuser, '/api/userinfo/')).json().sub as string;
    const [device] = await t.database.query<{ id: string }>('SELECT id FROM devices ORDER BY name LIMIT 1');
    const [spec] = await t.database.query<{ id: string }>(
      'INSERT INTO specialisations (user_id, device_id) VALUES ($1, $2) RETURNING id',
      [superuserId, device?.id],
    );
    const [membership] = await t.database.query<{ id: string }>(
      'SELECT id FROM organisation_memberships WHERE user_id = $1 LIMIT 1',
      [superuserId],
    );
    const [group] = await t.database.query<{ id: number }>(`SELECT id FROM groups WHERE name = 'Superuser'`);
    const [other] = await t.database.query<{ id: string }>(
      `SELECT id FROM organisations WHERE id NOT IN (SELECT organisation_id FROM organisation_memberships WHERE user_id = $1) LIMIT 1`,
      [superuserId],
    );
    const [device2] = await t.database.query<{ id: string }>('SELECT id FROM devices ORDER BY name OFFSET 1 LIMIT 1');
    target = {
      superuserId,
      membershipId: membership?.id ?? '',
      specialisationId: spec?.id ?? '',
      groupId: group?.id ?? 0,
      deviceId: device2?.id ?? '',
      organisationId: other?.id ?? '',
    };
    expect(Object.values(target).every(Boolean)).toBe(true);
  }, 60_000);
  afterAll(async () => t?.close());

  it('has a request for every route that changes an account', () => {
    const found = (Object.entries(routes) as [RouteName, RouteDef][])
      .filter(([, route]) => changesAnAccount(route))
      .map(([name]) => name)
      .sort();
    expect(found).toEqual(Object.keys(CHANGES).sort());
  });

  it('answers 403 on each, and the superuser account stays as it was', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const [name, build] of Object.entries(CHANGES) as [RouteName, Request][]) {
      const { url, body } = build(target);
      const res = await t.app.inject({
        method: routes[name].method,
        url,
        headers: { authorization: `Bearer ${support}` },
        ...(body ? { payload: body } : {}),
      });
      if (res.statusCode !== 403) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
