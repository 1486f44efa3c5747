import { randomUUID } from 'node:crypto';
import { type RouteDef, routes } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsApprovedAccount, REGISTRATION_PENDING } from '../../src/lib/approved-account.ts';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PENDING = 'pending@cardiomap.test';
const table = Object.entries(routes) as [string, RouteDef][];
const caseDataRoutes = table.filter(([, route]) => needsApprovedAccount(route));
const urlOf = (route: RouteDef) => route.path.replace(/:[A-Za-z]+/g, () => randomUUID());

describe('a verified user whose registration is not approved yet', () => {
  let t: TestApp;
  let access: string;
  let refresh: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ access, refresh } = await signIn(t, PENDING));
  });
  afterAll(async () => t.close());

  it('covers every case, order, upload, study, viewer and report route', () => {
    const names = caseDataRoutes.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['listCases', 'getCase', 'createCase', 'listStudies', 'loadViewer', 'getStudyReport']),
    );
    expect(names).not.toEqual(expect.arrayContaining(['userInfo']));
  });

  it.each(caseDataRoutes)('%s answers 403 with the reason, before any validation', async (_name, route) => {
    const res = await t.app.inject({
      method: route.method,
      url: urlOf(route),
      headers: bearer(access),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: REGISTRATION_PENDING, code: 'permission_denied' });
  });

  it('still reads userinfo and settings, lists its sessions, changes its profile and signs out', async () => {
    const info = await getAs(t, access, '/api/userinfo/');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email: PENDING, primaryOrganisation: null });
    expect((await getAs(t, access, '/api/settings/')).statusCode).toBe(200);
    expect((await getAs(t, access, '/api/sessions/')).statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/profilechange/',
      headers: bearer(access),
      payload: { title: 'Dr.' },
    });
    expect(profile.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout/refresh/', payload: { refresh } });
    expect(out.statusCode).toBe(200);
    expect((await getAs(t, access, '/api/userinfo/')).statusCode).toBe(401);
  });

  it('leaves members of an organisation alone', async () => {
    const physician = (await signIn(t, 'physician@cardiomap.test')).access;
    expect((await getAs(t, physician, '/api/cases/')).statusCode).toBe(200);
  });
});
