import { ROLES } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('account routes', () => {
  let t: TestApp;
  const access: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'superuser', 'pending', 'terms', 'field-clinical-specialist', 'case-analyst']) {
      access[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  const as = (who: string) => access[who] ?? '';
  const patch = (who: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers: bearer(as(who)), payload: payload as object });

  it.each([
    ['GET', '/api/userinfo/'],
    ['GET', '/api/permissions/'],
    ['GET', '/api/groups/'],
    ['GET', '/api/settings/'],
    ['PATCH', '/api/settings/'],
    ['PATCH', '/api/accept-terms/'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'PATCH' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'not_authenticated' });
  });

  describe('GET userinfo/', () => {
    it('answers the user of spec §3 with derived flags', async () => {
      const res = await getAs(t, as('physician'), '/api/userinfo/');
      expect(res.statusCode).toBe(200);
      const me = res.json();
      expect(me).toMatchObject({
        email: 'physician@cardiomap.test',
        title: 'Dr.',
        isSuperuser: false,
        isActive: true,
        hasApprovedTerms: true,
        hasExpiredPassword: false,
        primaryOrganisation: { name: 'Heart Valve Centre Rotterdam', code: 'HVC' },
        settings: { hidePatientIdentifier: false, casesDefaultTableView: true },
        roles: ['Physician'],
        firstRole: 'Physician',
        hasRole: true,
        canAddCase: true,
        canAccessCaseDetails: true,
        canPublishLandmarks: false,
        canEditUsersAndOrganisations: false,
        hasManyOrgs: true,
      });
      expect(me.organisationIds).toHaveLength(2);
      expect(me.organisationIds[0]).toBe(me.primaryOrganisation.id);
      expect(me.groups).toEqual([expect.any(Number)]);
      expect(me).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(me)).not.toMatch(/argon2/);
    });

    it('gives a superuser every flag and Superuser as first role', async () => {
      const me = (await getAs(t, as('superuser'), '/api/userinfo/')).json();
      expect(me).toMatchObject({ isSuperuser: true, firstRole: 'Superuser', canEditUsersAndOrganisations: true });
    });

    it('answers a pending registration without organisation and without role', async () => {
      const me = (await getAs(t, as('pending'), '/api/userinfo/')).json();
      expect(me).toMatchObject({
        primaryOrganisation: null,
        organisationIds: [],
        hasRole: false,
        roles: [],
        firstRole: null,
      });
      expect(me.organisationRequest).toContain('St. Mary');
    });

    it('counts a Field Clinical Specialist with a device specialisation', async () => {
      const me = (await getAs(t, as('field-clinical-specialist'), '/api/userinfo/')).json();
      expect(me.specialisations).toEqual([{ id: expect.any(String), deviceId: expect.any(String) }]);
      expect(me.firstRole).toBe('Field Clinical Specialist');
    });

    it('shows the organisation password policy as an expiration date', async () => {
      const other = await signIn(t, 'other-physician@cardiomap.test');
      const me = (await getAs(t, other.access, '/api/userinfo/')).json();
      const expected = new Date(me.lastPasswordChange).getTime() + 180 * 86_400_000;
      expect(new Date(me.passwordExpirationDate).getTime()).toBe(expected);
    });
  });

  describe('GET permissions/', () => {
    it('lists the effective permission strings', async () => {
      const superuser = (await getAs(t, as('superuser'), '/api/permissions/')).json();
      expect(superuser).toEqual(expect.arrayContaining(['cases.add_heartguidecase', 'simulations.publish_landmark']));
      const physician = (await getAs(t, as('physician'), '/api/permissions/')).json();
      expect(physician).toContain('cases.add_heartguidecase');
      expect(physician).not.toContain('simulations.publish_landmark');
      const analyst = (await getAs(t, as('case-analyst'), '/api/permissions/')).json();
      expect(analyst).toContain('simulations.add_undelivered_landmark');
      expect(analyst).not.toContain('cases.add_heartguidecase');
    });

    it('is empty for a user without a role', async () => {
      expect((await getAs(t, as('pending'), '/api/permissions/')).json()).toEqual([]);
    });
  });

  describe('GET groups/', () => {
    it('lists the 13 roles in display priority with their permissions', async () => {
      const groups = (await getAs(t, as('physician'), '/api/groups/')).json();
      expect(groups.map((g: { name: string }) => g.name)).toEqual([...ROLES]);
      const physician = groups.find((g: { name: string }) => g.name === 'Physician');
      expect(physician.permissions).toContain('cases.add_heartguidecase');
    });
  });

  describe('settings/', () => {
    it('reads and changes the display settings, sent snake_case, in either body shape', async () => {
      expect((await getAs(t, as('case-analyst'), '/api/settings/')).json()).toEqual({
        hide_patient_identifier: false,
        cases_default_table_view: true,
      });
      const flat = await patch('case-analyst', '/api/settings/', { hide_patient_identifier: true });
      expect(flat.json()).toEqual({ hide_patient_identifier: true, cases_default_table_view: true });
      const wrapped = await patch('case-analyst', '/api/settings/', { settings: { cases_default_table_view: false } });
      expect(wrapped.json()).toEqual({ hide_patient_identifier: true, cases_default_table_view: false });
      const me = (await getAs(t, as('case-analyst'), '/api/userinfo/')).json();
      expect(me.settings).toEqual({ hidePatientIdentifier: true, casesDefaultTableView: false });
    });

    it('answers an empty change with the settings as they are (it gave 500)', async () => {
      const before = (await getAs(t, as('physician'), '/api/settings/')).json();
      for (const payload of [{}, { settings: {} }]) {
        const res = await patch('physician', '/api/settings/', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(200);
        expect(res.json()).toEqual(before);
      }
    });

    it.each([
      [{ hide_patient_identifier: 'yes' }],
      [{ unknown_setting: true }],
      [{ settings: { cases_default_table_view: 1 } }],
    ])('answers 400 for %j and changes nothing', async (payload) => {
      const before = (await getAs(t, as('physician'), '/api/settings/')).json();
      const res = await patch('physician', '/api/settings/', payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).length).toBeGreaterThan(0);
      expect((await getAs(t, as('physician'), '/api/settings/')).json()).toEqual(before);
    });
  });

  describe('PATCH accept-terms/', () => {
    it('records the approval and answers the updated user', async () => {
      expect((await getAs(t, as('terms'), '/api/userinfo/')).json().hasApprovedTerms).toBe(false);
      const res = await patch('terms', '/api/accept-terms/', { hasApprovedTerms: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ hasApprovedTerms: true, previously_approved: true });
      expect((await getAs(t, as('terms'), '/api/userinfo/')).json().hasApprovedTerms).toBe(true);
    });

    it('answers 400 for anything but an approval', async () => {
      const res = await patch('physician', '/api/accept-terms/', { hasApprovedTerms: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().hasApprovedTerms).toEqual([expect.any(String)]);
    });
  });
});
