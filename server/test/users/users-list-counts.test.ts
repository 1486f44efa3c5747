import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'Correct-Horse-Battery-Staple-2026';

/**
 * The users list's totals come from counter rows (migration 0017) when nothing narrows the list and from
 * the matching set otherwise; both must stay exact through creation, deactivation and membership changes.
 */
describe('GET /api/users/ counts', () => {
  let t: TestApp;
  let superuser: string;
  let org: Record<string, string>;
  let physicianGroup: number;

  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(superuser) });
  const countOf = async (query = '') => {
    const res = await getAs(t, superuser, `/api/users/?page_size=15${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().count as number;
  };
  const countInDatabase = async (where = 'true') =>
    Number((await t.database.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE ${where}`))[0]!.n);
  const create = async (email: string, organisationId: string) => {
    const res = await send('POST', '/api/users/', {
      email,
      password: PASSWORD,
      password2: PASSWORD,
      givenName: 'Quentin',
      familyName: 'Counter',
      groups: [physicianGroup],
      organisations: [{ organisationId, isPrimary: true, contact: false }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    const orgs = await t.database.query<{ id: string; code: string }>('SELECT id, code FROM organisations');
    org = Object.fromEntries(orgs.map((o) => [o.code, o.id]));
    [{ id: physicianGroup }] = (await t.database.query<{ id: number }>(
      `SELECT id FROM groups WHERE name = 'Physician'`,
    )) as [{ id: number }];
  });
  afterAll(async () => t.close());

  it('counts every user, inactive ones too, for an administrator of all organisations', async () => {
    expect(await countOf()).toBe(await countInDatabase());
    const page = (await getAs(t, superuser, '/api/users/?page=2&page_size=3')).json();
    const ordered = await t.database.query<{ email: string }>(
      'SELECT email FROM users ORDER BY family_name, given_name, email LIMIT 3 OFFSET 3',
    );
    expect(page.results.map((u: { email: string }) => u.email)).toEqual(ordered.map((u) => u.email));
  });

  it('follows creation, deactivation, reactivation and membership changes', async () => {
    const before = await countOf();
    const inHvc = await countOf(`&organisation_id=${org.HVC}`);
    const inBhi = await countOf(`&organisation_id=${org.BHI}`);
    const searched = await countOf('&name_email_or_title=counter');

    const id = await create('quentin.counter@cardiomap.test', org.HVC!);
    expect(await countOf()).toBe(before + 1);
    expect(await countOf(`&organisation_id=${org.HVC}`)).toBe(inHvc + 1);
    expect(await countOf('&name_email_or_title=counter')).toBe(searched + 1);

    expect((await send('DELETE', `/api/users/${id}/`)).statusCode).toBe(204);
    // Administrators still see and count the inactive user; the counter rows move it between them.
    expect(await countOf()).toBe(before + 1);
    expect(await countOf()).toBe(await countInDatabase());
    const active = await t.database.query<{ is_active: boolean; n: string }>(
      'SELECT is_active, n FROM user_counts ORDER BY is_active',
    );
    expect(active.map((r) => Number(r.n))).toEqual([
      await countInDatabase('NOT is_active'),
      await countInDatabase('is_active'),
    ]);

    expect((await send('PATCH', `/api/users/${id}/`, { isActive: true })).statusCode).toBe(200);
    const moved = await send('PATCH', `/api/users/${id}/`, {
      organisations: [{ organisationId: org.BHI, isPrimary: true, contact: false }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await countOf(`&organisation_id=${org.HVC}`)).toBe(inHvc);
    expect(await countOf(`&organisation_id=${org.BHI}`)).toBe(inBhi + 1);
    expect(await countOf()).toBe(await countInDatabase());
  });

  it('counts only active users for a picker that may view all users', async () => {
    await create('inactive.counter@cardiomap.test', org.HVC!).then((id) => send('DELETE', `/api/users/${id}/`));
    const [role] = await t.database.query<{ id: number }>(
      `INSERT INTO groups (name) VALUES ('Viewer of users') RETURNING id`,
    );
    await t.database.query(
      `INSERT INTO group_permissions (group_id, permission_id)
       SELECT $1, id FROM permissions WHERE codename = 'accounts.view_all_users'`,
      [role!.id],
    );
    const viewerId = await create('viewer.counter@cardiomap.test', org.HVC!);
    expect((await send('PATCH', `/api/users/${viewerId}/`, { groups: [role!.id] })).statusCode).toBe(200);
    const viewer = (await signIn(t, 'viewer.counter@cardiomap.test', PASSWORD)).access;
    const res = await getAs(t, viewer, '/api/users/');
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(await countInDatabase('is_active'));
    expect(res.json().count).toBeLessThan(await countInDatabase());
  });

  it('keeps the counter exact when a creation fails half-way', async () => {
    const before = await countOf();
    const res = await send('POST', '/api/users/', {
      email: 'half-way@cardiomap.test',
      password: PASSWORD,
      password2: PASSWORD,
      givenName: 'Half',
      familyName: 'Way',
      groups: [99999],
      organisations: [{ organisationId: org.HVC, isPrimary: true, contact: false }],
    });
    expect(res.statusCode).toBe(400);
    expect(await countOf()).toBe(before);
  });
});
