import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, orgId, shareWith, userId } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { requester } from '../viewer/viewer-fixtures.ts';

const delivered = [{ service: Service.ANATOMICAL, status: OrderStatus.DELIVERED }];
const NO_CASE = { detail: 'No case matches the given id.', code: 'not_found' };
const NO_STUDY = { detail: 'No study matches the given id.', code: 'not_found' };
const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * Issue 27 (Medium 1): cases.view_case_details was not enforced on reads. The licence-template manager
 * (two licence permissions) and a member created without any role listed their organisation's cases,
 * read them and streamed the CT volume. Without the permission a user now sees no case at all, not even
 * one shared with them (spec §6: canSeeSharedCases is the same permission); clinicians keep working.
 */
describe('seeing a case needs cases.view_case_details', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;

  /** A member of HVC without any role, signing in with the demo password. */
  async function memberWithoutRole(email: string): Promise<string> {
    await t.database.query(
      `INSERT INTO users (email, password_hash, given_name, family_name, title, has_approved_terms)
       SELECT $1, password_hash, 'No', 'Role', '', true FROM users WHERE email = 'physician@cardiomap.test'`,
      [email],
    );
    await t.database.query(
      'INSERT INTO organisation_memberships (user_id, organisation_id, is_primary) VALUES ($1, $2, true)',
      [await userId(t, email), await orgId(t, 'HVC')],
    );
    return (await signIn(t, email)).access;
  }

  /** A delivered HVC case with a study and its CT volume. */
  async function hvcCase() {
    const c = await insertCase(t, { status: CaseStatus.COMPLETED, orders: delivered });
    const { studyId, resourceId } = await insertStudyWithVolume(t, c.id);
    return { caseId: c.id, studyId, resourceId };
  }

  const fetchLink = (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, {
      physician: (await signIn(t, 'physician@cardiomap.test')).access,
      'template-manager': (await signIn(t, 'template-manager@cardiomap.test')).access,
      'no-role': await memberWithoutRole('no-role-member@cardiomap.test'),
    });
  }, 180_000);
  afterAll(async () => t.close());

  it('lets the clinician of the organisation list, read and stream the case', async () => {
    const { caseId, studyId, resourceId } = await hvcCase();
    const list = await call('physician', 'GET', '/api/cases/?page_size=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((c: { id: string }) => c.id)).toContain(caseId);
    expect((await call('physician', 'GET', `/api/cases/${caseId}/`)).statusCode).toBe(200);
    expect((await call('physician', 'GET', `/api/cases/${caseId}.txt`)).statusCode).toBe(200);
    const viewer = await call('physician', 'GET', `/api/study-viewer/${studyId}/`);
    expect(viewer.statusCode).toBe(200);
    const volume = await call('physician', 'GET', `/api/study-resources/${resourceId}/`);
    expect(volume.statusCode).toBe(200);
    for (const url of [viewer.json().dicom.attributes.readUrl, volume.json().readUrl]) {
      expect((await fetchLink(url)).statusCode).toBe(200);
    }
  });

  it.each(['template-manager', 'no-role'])(
    '%s gets no case: list, detail, text, study, viewer, volume',
    async (who) => {
      const { caseId, studyId, resourceId } = await hvcCase();
      const list = await call(who, 'GET', '/api/cases/');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ count: 0, results: [] });
      // Answered exactly like a case that does not exist.
      for (const url of [`/api/cases/${caseId}/`, `/api/cases/${caseId}.txt`]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual(NO_CASE);
      }
      expect((await call(who, 'GET', `/api/cases/${MISSING}/`)).json()).toEqual(NO_CASE);
      expect((await call(who, 'GET', `/api/studies/?case_id=${caseId}`)).json()).toMatchObject({ count: 0 });
      for (const url of [`/api/studies/${studyId}/`, `/api/study-viewer/${studyId}/`]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual(NO_STUDY);
      }
      const volume = await call(who, 'GET', `/api/study-resources/${resourceId}/`);
      expect(volume.statusCode).toBe(404);
      expect(volume.body).not.toContain('readUrl');
    },
  );

  it('stops a read link handed out before the permission was lost', async () => {
    const email = 'losing-physician@cardiomap.test';
    const access = await memberWithoutRole(email);
    await t.database.query(
      `INSERT INTO group_memberships (group_id, user_id) SELECT id, $1 FROM groups WHERE name = 'Physician'`,
      [await userId(t, email)],
    );
    const own = requester(t, { own: access });
    const { resourceId } = await hvcCase();
    const volume = await own('own', 'GET', `/api/study-resources/${resourceId}/`);
    expect(volume.statusCode).toBe(200);
    const link = volume.json().readUrl as string;
    expect((await fetchLink(link)).statusCode).toBe(200);

    await t.database.query('DELETE FROM group_memberships WHERE user_id = $1', [await userId(t, email)]);
    const refused = await fetchLink(link);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You no longer have access to this file.', code: 'access_revoked' });
    expect((await own('own', 'GET', `/api/study-resources/${resourceId}/`)).statusCode).toBe(404);
  });

  it('shows a shared case only to a recipient who may see cases (spec §6 canSeeSharedCases)', async () => {
    const other = await insertCase(t, { organisationCode: 'NCL', status: CaseStatus.COMPLETED, orders: delivered });
    await shareWith(t, other.id, 'template-manager@cardiomap.test');
    await shareWith(t, other.id, 'lakeside-physician@cardiomap.test');
    const lakeside = requester(t, { lakeside: (await signIn(t, 'lakeside-physician@cardiomap.test')).access });
    expect((await lakeside('lakeside', 'GET', `/api/cases/${other.id}/`)).statusCode).toBe(200);
    expect((await call('template-manager', 'GET', `/api/cases/${other.id}/`)).json()).toEqual(NO_CASE);
    expect((await call('template-manager', 'GET', '/api/cases/')).json()).toMatchObject({ count: 0, results: [] });
  });
});
