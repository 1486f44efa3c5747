import { EDIT_USERS_AND_ORGANISATIONS } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET training-records/', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const as = async (email: string) => {
    if (!tokens[email]) {
      tokens[email] = (await signIn(t, email)).access;
      ids[email] = (await getAs(t, tokens[email], '/api/userinfo/')).json().sub;
    }
    return tokens[email];
  };
  const records = async (email: string, userId?: string) =>
    getAs(t, await as(email), `/api/training-records/${userId ? `?user_id=${userId}` : ''}`);

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of [
      'physician@cardiomap.test',
      'trainee-physician@cardiomap.test',
      'other-physician@cardiomap.test',
      'customer-support@cardiomap.test',
    ]) {
      await as(email);
    }
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/training-records/' })).statusCode).toBe(401);
  });

  it("answers the caller's own records, newest first, with the training's details", async () => {
    const res = await records('physician@cardiomap.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((r: { interventionPrefix: string }) => r.interventionPrefix).sort()).toEqual([
      'LAAO',
      'TAVI',
    ]);
    expect(body.results[0]).toMatchObject({ userId: ids['physician@cardiomap.test'], title: expect.any(String) });
    expect(Number.isNaN(Date.parse(body.results[0].dateCompleted))).toBe(false);
  });

  it('records a completion made on the training page (POST trainings/{id}/)', async () => {
    const access = await as('trainee-physician@cardiomap.test');
    expect((await records('trainee-physician@cardiomap.test')).json()).toMatchObject({ count: 0, results: [] });
    const tavi = (await getAs(t, access, '/api/trainings/'))
      .json()
      .results.find((r: { interventionPrefix: string }) => r.interventionPrefix === 'TAVI');
    const done = await t.app.inject({ method: 'POST', url: `/api/trainings/${tavi.id}/`, headers: bearer(access) });
    expect(done.statusCode).toBe(201);
    const after = (await records('trainee-physician@cardiomap.test')).json();
    expect(after.count).toBe(1);
    expect(after.results[0]).toMatchObject({ trainingId: tavi.id, interventionPrefix: 'TAVI' });
  });

  it("lets an administrator read any user's records", async () => {
    const res = await records('customer-support@cardiomap.test', ids['physician@cardiomap.test']);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    const other = await records('customer-support@cardiomap.test', ids['other-physician@cardiomap.test']);
    expect(other.statusCode).toBe(200);
  });

  it("refuses a colleague's records without the administration permissions (403)", async () => {
    const res = await records('physician@cardiomap.test', ids['trainee-physician@cardiomap.test']);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
  });

  it('answers 404 for a user of another organisation and for an unknown user', async () => {
    expect((await records('physician@cardiomap.test', ids['other-physician@cardiomap.test'])).statusCode).toBe(404);
    const unknown = await records('customer-support@cardiomap.test', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it("lets an administrator limited to some organisations read only their users' records", async () => {
    const [role] = await t.database.query<{ id: number }>(
      `INSERT INTO groups (name) VALUES ('Organisation Admin') RETURNING id`,
    );
    await t.database.query(
      `INSERT INTO group_permissions (group_id, permission_id)
       SELECT $1, id FROM permissions WHERE codename = ANY($2::text[])`,
      [role!.id, EDIT_USERS_AND_ORGANISATIONS],
    );
    const [home] = await t.database.query<{ organisationId: string }>(
      `SELECT organisation_id AS "organisationId" FROM organisation_memberships WHERE user_id = $1 AND is_primary`,
      [ids['physician@cardiomap.test']],
    );
    const password = 'Correct-Horse-Battery-Staple-2026';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: bearer(await as('superuser@cardiomap.test')),
      payload: {
        email: 'records-admin@cardiomap.test',
        password,
        password2: password,
        givenName: 'Rita',
        familyName: 'Records',
        organisations: [{ organisationId: home!.organisationId, isPrimary: true, contact: false }],
        groups: [role!.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    tokens['records-admin@cardiomap.test'] = (await signIn(t, 'records-admin@cardiomap.test', password)).access;

    const own = await records('records-admin@cardiomap.test', ids['physician@cardiomap.test']);
    expect(own.statusCode).toBe(200);
    expect(own.json().count).toBe(2);
    const outside = await records('records-admin@cardiomap.test', ids['other-physician@cardiomap.test']);
    expect(outside.statusCode).toBe(404);
  });

  it('answers 400 with a field message for a malformed user id or page size', async () => {
    const res = await records('customer-support@cardiomap.test', 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user_id: ['Must be a valid UUID.'] });
    const size = await getAs(t, await as('physician@cardiomap.test'), '/api/training-records/?page_size=1000');
    expect(size.statusCode).toBe(400);
    expect(size.json()).toHaveProperty('page_size');
  });
});
