import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { outboxTo } from '../registration/registration-fixtures.ts';

interface Pending {
  userId: string;
  email: string;
  organisationRequest: string;
}

describe('incoming-registrations/', () => {
  let t: TestApp;
  let superuser: string;
  let physician: string;
  let physicianGroup: number;
  let europe: string;

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const pending = async (): Promise<Pending[]> =>
    (await getAs(t, superuser, '/api/incoming-registrations/?page_size=100')).json().results;
  /** A verified, not yet approved account, as the register flow leaves it. */
  const addPendingUser = async (email: string) => {
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, given_name, family_name, phone_number, organisation_request)
       SELECT $1, password_hash, 'New', 'Comer', '+31 10 000', 'Clinic of Nowhere' FROM users WHERE email = 'pending@cardiomap.test'
       RETURNING id`,
      [email],
    );
    return row?.id ?? '';
  };

  beforeAll(async () => {
    t = await createTestApp();
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    const groups = (await getAs(t, superuser, '/api/groups/')).json() as { id: number; name: string }[];
    physicianGroup = groups.find((g) => g.name === 'Physician')?.id ?? 0;
    const regions = (await getAs(t, superuser, '/api/regions/')).json() as { id: string; name: string }[];
    europe = regions.find((r) => r.name === 'Europe')?.id ?? '';
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: '/api/incoming-registrations/' })).statusCode).toBe(401);
    for (const action of ['approve', 'decline']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/incoming-registrations/${id}/${action}/`,
        payload: {},
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('is refused to a physician', async () => {
    expect((await getAs(t, physician, '/api/incoming-registrations/')).statusCode).toBe(403);
    const [first] = await pending();
    const res = await post(`/api/incoming-registrations/${first?.userId}/decline/`, physician, { reason: 'no' });
    expect(res.statusCode).toBe(403);
  });

  it('lists the demo pending user with the organisation request', async () => {
    expect(await pending()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'pending@cardiomap.test',
          organisationRequest: 'St. Mary Hospital, cardiology department',
        }),
      ]),
    );
  });

  it('answers 400 with field messages and 404 for an unknown user', async () => {
    const [first] = await pending();
    const both = await post(`/api/incoming-registrations/${first?.userId}/approve/`, superuser, { groups: [] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      groups: ['Choose at least one role.'],
      organisationId: ['Choose an existing organisation or describe a new one, not both.'],
    });
    const reason = await post(`/api/incoming-registrations/${first?.userId}/decline/`, superuser, { reason: ' ' });
    expect(reason.json()).toEqual({ reason: ['Give the reason for declining.'] });
    const unknownRole = await post(`/api/incoming-registrations/${first?.userId}/approve/`, superuser, {
      organisationId: (await t.database.query<{ id: string }>(`SELECT id FROM organisations WHERE code='HVC'`))[0]?.id,
      groups: [99999],
    });
    expect(unknownRole.json()).toEqual({ groups: ['Unknown role.'] });
    const missing = await post('/api/incoming-registrations/00000000-0000-4000-8000-000000000000/decline/', superuser, {
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('approves into a new organisation with roles: the user is mailed and signs in as a member', async () => {
    const userId = await addPendingUser('newcomer@cardiomap.test');
    const res = await post(`/api/incoming-registrations/${userId}/approve/`, superuser, {
      newOrganisation: { name: 'Clinic of Nowhere', code: 'CON', country: 'NL', regionId: europe },
      groups: [physicianGroup],
    });
    expect(res.statusCode).toBe(200);
    const { organisationId } = res.json();
    const access = (await signIn(t, 'newcomer@cardiomap.test', TEST_PASSWORD)).access;
    const me = (await getAs(t, access, '/api/userinfo/')).json();
    expect(me.primaryOrganisation).toMatchObject({ id: organisationId, code: 'CON' });
    expect(me.roles).toEqual(['Physician']);
    expect((await outboxTo(t, 'newcomer@cardiomap.test')).at(-1)?.subject).toBe('Your CardioMap account is ready');
    expect((await pending()).map((p) => p.userId)).not.toContain(userId);
    const again = await post(`/api/incoming-registrations/${userId}/approve/`, superuser, {
      organisationId,
      groups: [physicianGroup],
    });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.query<{ details: { after: { roles: string[] } } }>(
      `SELECT details FROM audit_events WHERE action = 'registration.approve' AND target_id = $1`,
      [userId],
    );
    expect(audit?.details.after.roles).toEqual(['Physician']);
  });

  it('leaves nothing behind when the new organisation is invalid', async () => {
    const userId = await addPendingUser('invalid-org@cardiomap.test');
    const res = await post(`/api/incoming-registrations/${userId}/approve/`, superuser, {
      newOrganisation: { name: 'Taken code', code: 'HVC', country: 'NL', regionId: europe },
      groups: [physicianGroup],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ newOrganisation: { code: ['An organisation with this code already exists.'] } });
    expect((await pending()).map((p) => p.userId)).toContain(userId);
  });

  it('declines with a reason: the account is deactivated and the user is mailed the reason', async () => {
    const userId = await addPendingUser('declined@cardiomap.test');
    const res = await post(`/api/incoming-registrations/${userId}/decline/`, superuser, { reason: 'Unknown clinic' });
    expect(res.statusCode).toBe(204);
    const mail = (await outboxTo(t, 'declined@cardiomap.test')).at(-1);
    expect(mail?.subject).toBe('Your CardioMap registration was declined');
    expect(mail?.text).toContain('Unknown clinic');
    expect((await pending()).map((p) => p.userId)).not.toContain(userId);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'declined@cardiomap.test', password: TEST_PASSWORD },
    });
    expect(refused.statusCode).not.toBe(200);
  });
});
