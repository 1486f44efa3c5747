import { CaseStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertCase, orgId, shareWith } from './case-fixtures.ts';

describe('GET /api/cases/', () => {
  let t: TestApp;
  let physician: string;
  let other: string;
  let manager: string;
  const ids = (res: { json(): { results: { id: string }[] } }) => res.json().results.map((c) => c.id);

  let hvc: Awaited<ReturnType<typeof insertCase>>[];
  let bhi: Awaited<ReturnType<typeof insertCase>>;
  let ncl: Awaited<ReturnType<typeof insertCase>>;
  let sharedNcl: Awaited<ReturnType<typeof insertCase>>;

  beforeAll(async () => {
    t = await createTestApp();
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    other = (await signIn(t, 'other-physician@cardiomap.test')).access;
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    hvc = [];
    for (let i = 0; i < 17; i += 1) hvc.push(await insertCase(t, { patientIdentifier: `HVC-PATIENT-${i}` }));
    bhi = await insertCase(t, {
      organisationCode: 'BHI',
      patientIdentifier: 'BOSTON-77',
      status: CaseStatus.IN_PROGRESS,
    });
    ncl = await insertCase(t, {
      organisationCode: 'NCL',
      createdBy: 'other-physician@cardiomap.test',
      patientIdentifier: 'LONDON-1',
    });
    sharedNcl = await insertCase(t, {
      organisationCode: 'NCL',
      createdBy: 'other-physician@cardiomap.test',
      patientIdentifier: 'SECRET-LONDON-2',
    });
    await shareWith(t, sharedNcl.id, 'physician@cardiomap.test', 'other-physician@cardiomap.test');
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cases/' });
    expect(res.statusCode).toBe(401);
  });

  it("lists the actor's organisations' cases and those shared with them, newest first, 15 a page", async () => {
    const res = await getAs(t, physician, '/api/cases/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(17 + 1 + 1);
    expect(body.results).toHaveLength(15);
    expect(body.results[0].id).toBe(sharedNcl.id);
    expect(body.results[1].id).toBe(bhi.id);
    expect(body.next).toBe('http://localhost:8080/api/cases/?page=2');
    expect(body.previous).toBeNull();
    const dates = body.results.map((c: { dateCreated: string }) => c.dateCreated);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await getAs(t, physician, '/api/cases/?page=2');
    expect(second.json().results).toHaveLength(4);
    expect(second.json().next).toBeNull();
    expect(ids(second)).not.toContain(ncl.id);
  });

  it('never lists another organisation’s cases', async () => {
    const res = await getAs(t, other, '/api/cases/?page_size=100');
    expect(ids(res).sort()).toEqual([ncl.id, sharedNcl.id].sort());
    expect(res.json().count).toBe(2);
  });

  it('hides patient details of a case shared with the actor, and does not search them', async () => {
    const res = await getAs(t, physician, '/api/cases/?page_size=1');
    const shared = res.json().results[0];
    expect(shared).toMatchObject({
      id: sharedNcl.id,
      isSharedToCurrentUser: true,
      patientIdentifier: null,
      patientInformation: null,
      patientAge: null,
      patientSex: null,
    });
    expect((await getAs(t, physician, '/api/cases/?search=SECRET-LONDON')).json().count).toBe(0);
    expect(ids(await getAs(t, physician, `/api/cases/?search=${sharedNcl.caseIdentifier}`))).toEqual([sharedNcl.id]);
    expect(ids(await getAs(t, other, '/api/cases/?search=secret-london'))).toEqual([sharedNcl.id]);
  });

  it('searches case-insensitively by case identifier, patient identifier and organisation', async () => {
    const byCase = await getAs(t, physician, `/api/cases/?search=${hvc[3]?.caseIdentifier.slice(-6).toLowerCase()}`);
    expect(ids(byCase)).toEqual([hvc[3]?.id]);
    expect(ids(await getAs(t, physician, '/api/cases/?search=boston-7'))).toEqual([bhi.id]);
    const byOrgName = await getAs(t, physician, '/api/cases/?search=boston heart');
    expect(ids(byOrgName)).toEqual([bhi.id]);
    const byOrgCode = await getAs(t, physician, '/api/cases/?search=bhi&page_size=50');
    expect(ids(byOrgCode)).toContain(bhi.id);
    expect((await getAs(t, physician, '/api/cases/?search=nothing-like-this')).json()).toMatchObject({
      count: 0,
      results: [],
    });
  });

  it('takes % and _ in a search literally', async () => {
    expect((await getAs(t, physician, '/api/cases/?search=%25')).json().count).toBe(0);
    expect((await getAs(t, physician, '/api/cases/?search=_')).json().count).toBe(0);
  });

  it('filters by organisation within scope, 404 outside it', async () => {
    const res = await getAs(t, physician, `/api/cases/?organisation_id=${await orgId(t, 'BHI')}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([bhi.id]);
    expect(res.json().count).toBe(1);
    const hidden = await getAs(t, physician, `/api/cases/?organisation_id=${await orgId(t, 'NCL')}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('not_found');
    const all = await getAs(t, manager, `/api/cases/?organisation_id=${await orgId(t, 'NCL')}`);
    expect(all.json().count).toBe(2);
  });

  it('filters by status, counting exactly as cases change status', async () => {
    const inProgress = await getAs(t, physician, `/api/cases/?status=${CaseStatus.IN_PROGRESS}`);
    expect(ids(inProgress)).toEqual([bhi.id]);
    expect(inProgress.json().count).toBe(1);
    const target = hvc[0]?.id;
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/cases/${target}/cancel/`,
      headers: bearer(physician),
    });
    expect(cancel.statusCode).toBe(200);
    const canceled = await getAs(t, physician, `/api/cases/?status=${CaseStatus.CANCELED}`);
    expect(canceled.json()).toMatchObject({ count: 1, results: [{ id: target }] });
    expect((await getAs(t, physician, `/api/cases/?status=${CaseStatus.CREATED}`)).json().count).toBe(16 + 1);
    expect((await getAs(t, manager, '/api/cases/')).json().count).toBe(17 + 1 + 2);
  });

  it('sees every organisation with accounts.all_organisations, patient details included', async () => {
    const res = await getAs(t, manager, '/api/cases/?search=london-1');
    expect(res.json().results).toMatchObject([
      { id: ncl.id, patientIdentifier: 'LONDON-1', isSharedToCurrentUser: false },
    ]);
  });

  it('does not let staff without view_patient_information find cases by patient identifier', async () => {
    const analyst = (await signIn(t, 'case-analyst@cardiomap.test')).access;
    const byPatient = await getAs(t, analyst, '/api/cases/?search=london-1');
    expect(byPatient.json()).toMatchObject({ count: 0, results: [] });
    const byIdentifier = await getAs(t, analyst, `/api/cases/?search=${ncl.caseIdentifier}`);
    expect(byIdentifier.json().results).toMatchObject([{ id: ncl.id, patientIdentifier: null }]);
  });

  it('answers 400 for an invalid page or filter, and an empty page beyond the last', async () => {
    const bad = await getAs(t, physician, '/api/cases/?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().page).toEqual(['Invalid page.']);
    expect((await getAs(t, physician, '/api/cases/?organisation_id=nope')).statusCode).toBe(400);
    expect((await getAs(t, physician, '/api/cases/?status=9')).statusCode).toBe(400);
    const beyond = await getAs(t, physician, '/api/cases/?page=9');
    expect(beyond.json()).toMatchObject({ count: 19, results: [], next: null });
  });
});
