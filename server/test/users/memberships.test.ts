import { EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  type AdminWorld,
  roleWith as adminRoleWith,
  adminWorld,
  type Method,
  PASSWORD,
  sender,
  UNKNOWN,
} from './admin-world.ts';

describe('group-memberships/, organisation-memberships/, specialisations/', () => {
  let t: TestApp;
  let w: AdminWorld;

  const send = (...args: Parameters<ReturnType<typeof sender>>) => sender(t)(...args);
  const createUser = async (email: string, extra: object = {}) => {
    const res = await send('POST', '/api/users/', w.superuser, {
      email,
      password: PASSWORD,
      password2: PASSWORD,
      givenName: 'Mona',
      familyName: 'Member',
      organisations: [{ organisationId: w.org.HVC, isPrimary: true, contact: false }],
      groups: [w.groupId.Physician],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; organisationMemberships: { id: string }[]; specialisations: { id: string }[] };
  };
  const roleWith = (name: string, permissions: readonly string[]) => adminRoleWith(t, name, permissions);
  const auditActions = async (userId: string) =>
    (
      await t.database.query<{ action: string; actor_id: string }>(
        'SELECT action, actor_id FROM audit_events WHERE target_id = $1 ORDER BY at',
        [userId],
      )
    ).map((a) => a.action);

  /** Every route with a valid body for `user`, so guards are checked before anything else. */
  const routes = (user: { id: string; organisationMemberships: { id: string }[]; specialisations: { id: string }[] }) =>
    [
      ['GET', `/api/group-memberships/?user_id=${user.id}`, undefined],
      ['POST', '/api/group-memberships/', { group: w.groupId['Case Manager'], userId: user.id }],
      ['DELETE', `/api/group-memberships/${w.groupId.Physician}/${user.id}/`, undefined],
      ['GET', `/api/organisation-memberships/?user_id=${user.id}`, undefined],
      ['POST', '/api/organisation-memberships/', { organisationId: w.org.BHI, userId: user.id }],
      ['PATCH', `/api/organisation-memberships/${user.organisationMemberships[0]?.id ?? UNKNOWN}/`, { contact: true }],
      ['DELETE', `/api/organisation-memberships/${user.organisationMemberships[0]?.id ?? UNKNOWN}/`, undefined],
      ['GET', `/api/specialisations/?user_id=${user.id}`, undefined],
      ['POST', '/api/specialisations/', { userId: user.id, deviceId: w.devices[1] }],
      ['DELETE', `/api/specialisations/${user.specialisations[0]?.id ?? UNKNOWN}/`, undefined],
    ] as const;

  beforeAll(async () => {
    t = await createTestApp();
    w = await adminWorld(t);
  });
  afterAll(async () => t.close());

  it('requires authentication on every route', async () => {
    const target = { id: UNKNOWN, organisationMemberships: [], specialisations: [] };
    for (const [method, url, body] of routes(target)) {
      expect((await send(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 without the administrator permissions, and when any one of the five is missing', async () => {
    const target = await createUser('member-403@cardiomap.test', { deviceIds: [w.devices[0]] });
    for (const [method, url, body] of routes(target)) {
      expect((await send(method, url, w.physician, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const missing of EDIT_USERS_AND_ORGANISATIONS) {
      const kept = [...EDIT_USERS_AND_ORGANISATIONS.filter((p) => p !== missing), PERMISSIONS.allOrganisations];
      const role = await roleWith(`Members without ${missing}`, kept);
      const email = `members-without-${missing.replace(/\W/g, '-')}@cardiomap.test`;
      await createUser(email, { groups: [role] });
      const { access } = await signIn(t, email, PASSWORD);
      for (const [method, url, body] of routes(target)) {
        expect((await send(method, url, access, body)).statusCode, `${missing}: ${method} ${url}`).toBe(403);
      }
    }
    expect(await auditActions(target.id)).toEqual(['user.create']);
  });

  it('answers 404 for a user or membership of an organisation the administrator does not manage', async () => {
    const role = await roleWith('Members Organisation Admin', EDIT_USERS_AND_ORGANISATIONS);
    await createUser('members-org-admin@cardiomap.test', {
      groups: [role],
      organisations: [{ organisationId: w.org.BHI, isPrimary: true, contact: false }],
    });
    const limited = (await signIn(t, 'members-org-admin@cardiomap.test', PASSWORD)).access;
    const inHvc = await createUser('members-hvc-only@cardiomap.test', { deviceIds: [w.devices[0]] });
    for (const [method, url, body] of routes(inHvc)) {
      expect((await send(method, url, limited, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url, body] of routes({ id: UNKNOWN, organisationMemberships: [], specialisations: [] })) {
      expect((await send(method, url, w.support, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await auditActions(inHvc.id)).toEqual(['user.create']);
  });

  it('answers 400 with field messages and writes nothing', async () => {
    const target = await createUser('member-400@cardiomap.test');
    const cases: [Method, string, object, string][] = [
      ['POST', '/api/group-memberships/', { userId: target.id }, 'group'],
      ['POST', '/api/group-memberships/', { group: 99999, userId: target.id }, 'group'],
      ['POST', '/api/group-memberships/', { group: w.groupId.Physician, userId: target.id }, 'group'],
      [
        'POST',
        '/api/group-memberships/',
        { group: w.groupId['Field Clinical Specialist'], userId: target.id },
        'group',
      ],
      ['POST', '/api/group-memberships/', { group: w.groupId.Physician, userId: 'nope' }, 'userId'],
      ['POST', '/api/organisation-memberships/', { organisationId: UNKNOWN, userId: target.id }, 'organisationId'],
      ['POST', '/api/organisation-memberships/', { organisationId: w.org.HVC, userId: target.id }, 'organisationId'],
      [
        'POST',
        '/api/organisation-memberships/',
        { organisationId: w.org.BHI, userId: target.id, isPrimary: 'yes' },
        'isPrimary',
      ],
      ['PATCH', `/api/organisation-memberships/${target.organisationMemberships[0]!.id}/`, { contact: 3 }, 'contact'],
      ['POST', '/api/specialisations/', { userId: target.id, deviceId: UNKNOWN }, 'deviceId'],
      ['POST', '/api/specialisations/', { userId: target.id }, 'deviceId'],
    ];
    // The superuser: it may grant every role, so only validation decides (the grant rule has its own test).
    for (const [method, url, body, field] of cases) {
      const res = await send(method, url, w.superuser, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json(), `${method} ${url} ${JSON.stringify(body)}`).toHaveProperty(field);
    }
    expect((await send('GET', '/api/specialisations/?user_id=nope', w.support)).statusCode).toBe(400);
    const after = (await getAs(t, w.support, `/api/users/${target.id}/`)).json();
    expect(after.groups).toEqual([w.groupId.Physician]);
    expect(after.organisationMemberships).toHaveLength(1);
    expect(after.specialisations).toEqual([]);
    expect(await auditActions(target.id)).toEqual(['user.create']);
  });

  it('adds and removes a role, audited; no one removes their own administration', async () => {
    const target = await createUser('member-roles@cardiomap.test');
    const added = await send('POST', '/api/group-memberships/', w.superuser, {
      group: w.groupId['Case Manager'],
      userId: target.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ group: w.groupId['Case Manager'], userId: target.id });
    const listed = (await getAs(t, w.support, `/api/group-memberships/?user_id=${target.id}`)).json();
    expect(listed.map((m: { group: number }) => m.group).sort()).toEqual(
      [w.groupId.Physician, w.groupId['Case Manager']].sort(),
    );
    const removed = await send('DELETE', `/api/group-memberships/${w.groupId.Physician}/${target.id}/`, w.superuser);
    expect(removed.statusCode).toBe(204);
    expect((await getAs(t, w.support, `/api/users/${target.id}/`)).json().groups).toEqual([w.groupId['Case Manager']]);
    expect(
      (await send('DELETE', `/api/group-memberships/${w.groupId.Physician}/${target.id}/`, w.superuser)).statusCode,
    ).toBe(404);
    expect(await auditActions(target.id)).toEqual([
      'user.create',
      'group_membership.create',
      'group_membership.delete',
    ]);

    const self = await send(
      'DELETE',
      `/api/group-memberships/${w.groupId['Customer Support']}/${w.supportId}/`,
      w.support,
    );
    // Customer Support reaches every organisation: only a superuser grants or takes that role (issue 27).
    expect(self.statusCode).toBe(403);
  });

  it('takes effect on the user’s next request', async () => {
    const target = await createUser('member-effect@cardiomap.test');
    const { access } = await signIn(t, 'member-effect@cardiomap.test', PASSWORD);
    const before = (await getAs(t, access, '/api/permissions/')).json() as string[];
    expect(before).not.toContain('cases.assign_case_responsible');
    await send('POST', '/api/group-memberships/', w.superuser, { group: w.groupId['Case Manager'], userId: target.id });
    const after = (await getAs(t, access, '/api/permissions/')).json() as string[];
    expect(after.length).toBeGreaterThan(before.length);
  });

  it('adds, makes primary and removes an organisation membership, one primary at most, audited', async () => {
    const target = await createUser('member-orgs@cardiomap.test');
    const created = await send('POST', '/api/organisation-memberships/', w.support, {
      organisationId: w.org.BHI,
      userId: target.id,
      isPrimary: true,
      contact: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const membership = created.json();
    expect(membership).toMatchObject({ organisationId: w.org.BHI, userId: target.id, isPrimary: true, contact: true });
    const listed = (await getAs(t, w.support, `/api/organisation-memberships/?user_id=${target.id}`)).json();
    expect(listed.filter((m: { isPrimary: boolean }) => m.isPrimary)).toEqual([membership]);

    const hvc = target.organisationMemberships[0]!.id;
    const patched = await send('PATCH', `/api/organisation-memberships/${hvc}/`, w.support, { isPrimary: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: hvc, isPrimary: true });
    const again = (await getAs(t, w.support, `/api/organisation-memberships/?user_id=${target.id}`)).json();
    expect(again.filter((m: { isPrimary: boolean }) => m.isPrimary).map((m: { id: string }) => m.id)).toEqual([hvc]);

    expect((await send('DELETE', `/api/organisation-memberships/${membership.id}/`, w.support)).statusCode).toBe(204);
    expect((await send('PATCH', `/api/organisation-memberships/${membership.id}/`, w.support, {})).statusCode).toBe(
      404,
    );
    expect(await auditActions(target.id)).toEqual([
      'user.create',
      'organisation_membership.create',
      'organisation_membership.update',
      'organisation_membership.delete',
    ]);
  });

  it('links and unlinks devices; a Field Clinical Specialist keeps the last one', async () => {
    const target = await createUser('member-fcs@cardiomap.test', {
      groups: [w.groupId['Field Clinical Specialist']],
      deviceIds: [w.devices[0]],
    });
    const added = await send('POST', '/api/specialisations/', w.support, { userId: target.id, deviceId: w.devices[1] });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ userId: target.id, deviceId: w.devices[1] });
    const listed = (await getAs(t, w.support, `/api/specialisations/?user_id=${target.id}`)).json();
    expect(listed).toHaveLength(2);
    expect((await send('DELETE', `/api/specialisations/${added.json().id}/`, w.support)).statusCode).toBe(204);
    const last = await send('DELETE', `/api/specialisations/${target.specialisations[0]!.id}/`, w.support);
    expect(last.statusCode).toBe(400);
    expect(last.json().nonFieldErrors).toEqual(['A Field Clinical Specialist needs at least one device.']);
    expect(await auditActions(target.id)).toEqual(['user.create', 'specialisation.create', 'specialisation.delete']);
  });
});
