import { EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('organisations/ and regions/', () => {
  let t: TestApp;
  let superuser: string;
  let support: string;
  let physician: string;
  let europe: string;

  const idOf = async (code: string) =>
    (await t.database.query<{ id: string }>('SELECT id FROM organisations WHERE code = $1', [code]))[0]?.id ?? '';
  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  /** Runs `body` with `permission` taken from Customer Support's group, then gives it back. */
  async function without(permission: string, body: () => Promise<void>) {
    const args = ['Customer Support', permission];
    await t.database.query(
      `DELETE FROM group_permissions WHERE group_id = (SELECT id FROM groups WHERE name = $1)
          AND permission_id = (SELECT id FROM permissions WHERE codename = $2)`,
      args,
    );
    try {
      await body();
    } finally {
      await t.database.query(
        `INSERT INTO group_permissions (group_id, permission_id)
         SELECT g.id, p.id FROM groups g, permissions p WHERE g.name = $1 AND p.codename = $2`,
        args,
      );
    }
  }
  const valid = () => ({ name: 'Test Hospital', country: 'DE', regionId: europe });

  beforeAll(async () => {
    t = await createTestApp();
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    support = (await signIn(t, 'customer-support@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    const regions = (await getAs(t, superuser, '/api/regions/')).json() as { id: string; name: string }[];
    europe = regions.find((r) => r.name === 'Europe')?.id ?? '';
  });
  afterAll(async () => t.close());

  it('requires authentication on every route', async () => {
    const hvc = await idOf('HVC');
    for (const [method, url] of [
      ['GET', '/api/regions/'],
      ['GET', '/api/organisations/'],
      ['POST', '/api/organisations/'],
      ['PATCH', `/api/organisations/${hvc}/`],
      ['DELETE', `/api/organisations/${hvc}/`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('is refused to a physician and to an administrator missing any one of the five permissions', async () => {
    expect((await getAs(t, physician, '/api/organisations/')).statusCode).toBe(403);
    expect((await call('POST', '/api/organisations/', physician, valid())).statusCode).toBe(403);
    for (const permission of EDIT_USERS_AND_ORGANISATIONS) {
      await without(permission, async () => {
        expect((await getAs(t, support, '/api/regions/')).statusCode, permission).toBe(403);
        const hvc = await idOf('HVC');
        expect((await call('PATCH', `/api/organisations/${hvc}/`, support, { name: 'X' })).statusCode).toBe(403);
        expect((await call('DELETE', `/api/organisations/${hvc}/`, support)).statusCode).toBe(403);
      });
    }
  });

  it('lists organisations to whoever sees all of them, for the licences picker, but nothing more', async () => {
    const sales = (await signIn(t, 'venus-sales@cardiomap.test')).access;
    const found = await getAs(t, sales, '/api/organisations/?name__icontains=heart');
    expect(found.statusCode).toBe(200);
    expect(found.json().results.length).toBeGreaterThan(0);
    await without(PERMISSIONS.allOrganisations, async () => {
      for (const permission of EDIT_USERS_AND_ORGANISATIONS) {
        await without(permission, async () => {
          expect((await getAs(t, support, '/api/organisations/')).statusCode, permission).toBe(403);
        });
      }
    });
    expect((await call('POST', '/api/organisations/', sales, valid())).statusCode).toBe(403);
    expect((await getAs(t, sales, '/api/regions/')).statusCode).toBe(403);
  });

  it('lists by code and searches by name and code', async () => {
    const all = (await getAs(t, superuser, '/api/organisations/')).json();
    expect(all.results.map((o: { code: string }) => o.code)).toEqual(
      expect.arrayContaining(['BHI', 'HVC', 'MHA', 'NCL']),
    );
    const byName = (await getAs(t, superuser, '/api/organisations/?name__icontains=boston')).json();
    expect(byName.results.map((o: { code: string }) => o.code)).toEqual(['BHI']);
    const byCode = (await getAs(t, superuser, '/api/organisations/?code__icontains=nc')).json();
    expect(byCode.results[0]).toMatchObject({ code: 'NCL', country: 'GB', region: 'Europe' });
  });

  it('answers 404 for another organisation to an administrator limited to their own', async () => {
    await without(PERMISSIONS.allOrganisations, async () => {
      const list = (await getAs(t, support, '/api/organisations/')).json();
      expect(list.results.map((o: { code: string }) => o.code)).toEqual(['HVC']);
      const ncl = await idOf('NCL');
      expect((await call('PATCH', `/api/organisations/${ncl}/`, support, { name: 'X' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/organisations/${ncl}/`, support)).statusCode).toBe(404);
    });
  });

  it('refuses invalid input with the field names of the spec', async () => {
    const res = await call('POST', '/api/organisations/', superuser, {
      code: 'ab1',
      name: '',
      country: 'XX',
      dataProcessingContract: 'x'.repeat(1025),
      passwordExpirationDays: -1,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toEqual(['Must be 3 capital letters.']);
    expect(body.name).toEqual(['This field may not be blank.']);
    expect(body.country).toEqual(['Choose a country from the list.']);
    expect(body.regionId).toEqual(['This field is required']);
    expect(body.dataProcessingContract).toBeDefined();
    expect(body.passwordExpirationDays).toEqual(['This field cannot be negative']);
    const taken = await call('POST', '/api/organisations/', superuser, { ...valid(), code: 'HVC' });
    expect(taken.json()).toEqual({ code: ['An organisation with this code already exists.'] });
    const region = await call('POST', '/api/organisations/', superuser, {
      ...valid(),
      regionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(region.json()).toEqual({ regionId: ['No region matches the given id.'] });
  });

  it('creates with defaults and a generated code, edits, and deletes, auditing each', async () => {
    const created = await call('POST', '/api/organisations/', superuser, valid());
    expect(created.statusCode).toBe(201);
    const org = created.json();
    expect(org).toMatchObject({
      name: 'Test Hospital',
      dataProcessingContract: 'default',
      passwordExpires: true,
      passwordExpirationDays: 180,
      requiresOtp: false,
    });
    expect(org.code).toMatch(/^[A-Z]{3}$/);

    const edited = await call('PATCH', `/api/organisations/${org.id}/`, superuser, {
      code: 'ZZZ',
    } as object);
    expect(edited.statusCode).toBe(400);
    const patched = await call('PATCH', `/api/organisations/${org.id}/`, superuser, {
      requiresOtp: true,
      passwordExpirationDays: 0,
    });
    expect(patched.json()).toMatchObject({ requiresOtp: true, passwordExpires: false, passwordExpirationDays: 0 });

    expect((await call('DELETE', `/api/organisations/${org.id}/`, superuser)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/organisations/${org.id}/`, superuser)).statusCode).toBe(404);
    const audit = await t.database.query<{ action: string; details: { before?: unknown; after?: unknown } }>(
      'SELECT action, details FROM audit_events WHERE target_id = $1 ORDER BY at',
      [org.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['organisation.create', 'organisation.update', 'organisation.delete']);
    expect(audit[1]?.details.before).toMatchObject({ requiresOtp: false });
    expect(audit[1]?.details.after).toMatchObject({ requiresOtp: true });
  });

  it('refuses to delete an organisation with members or cases, with a clear message', async () => {
    const ncl = await idOf('NCL');
    const res = await call('DELETE', `/api/organisations/${ncl}/`, superuser);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/still has (cases|members)/);
    const org = (await call('POST', '/api/organisations/', superuser, { ...valid(), code: 'QQQ' })).json();
    const user = (await getAs(t, physician, '/api/userinfo/')).json().sub;
    await t.database.query('INSERT INTO organisation_memberships (organisation_id, user_id) VALUES ($1, $2)', [
      org.id,
      user,
    ]);
    const refused = await call('DELETE', `/api/organisations/${org.id}/`, superuser);
    expect(refused.json()).toMatchObject({
      code: 'organisation_has_members',
      detail: 'This organisation still has members and cannot be deleted. Remove them first.',
    });
  });
});
