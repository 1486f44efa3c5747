import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, shareWith } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertStudyWithVolume } from './imaging-fixtures.ts';

/** studies/ and study-resources/ (spec §7 "Studies and viewer"), as ingest fills them. */
describe('studies API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const get = (who: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who] ?? '') : {} });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  it('shows a study and its resources to whoever sees the case, with a signed read URL', async () => {
    const c = await insertCase(t, { status: 2 });
    const { studyId, resourceId } = await insertStudyWithVolume(t, c.id);
    expect((await get(null, `/api/studies/${studyId}/`)).statusCode).toBe(401);
    expect((await get('other-physician', `/api/studies/${studyId}/`)).statusCode).toBe(404);
    expect((await get('physician', '/api/studies/not-a-uuid/')).json()).toEqual({ id: ['Must be a valid UUID.'] });
    const study = (await get('physician', `/api/studies/${studyId}/`)).json();
    expect(study).toMatchObject({
      id: studyId,
      caseId: c.id,
      caseIdentifier: c.caseIdentifier,
      dicomVolumeId: resourceId,
      pdfReportId: null,
      hasPdfReport: false,
      resourceIds: [resourceId],
    });
    expect((await get('physician', `/api/cases/${c.id}/`)).json().studyId).toBe(studyId);
    const byCase = (await get('physician', `/api/studies/?case_id=${c.id}`)).json();
    expect(byCase.results.map((s: { id: string }) => s.id)).toEqual([studyId]);
    expect((await get('other-physician', `/api/studies/?case_id=${c.id}`)).json().count).toBe(0);

    expect((await get(null, `/api/study-resources/?study_id=${studyId}`)).statusCode).toBe(401);
    expect((await get('other-physician', `/api/study-resources/?study_id=${studyId}`)).statusCode).toBe(404);
    expect((await get('physician', '/api/study-resources/')).json()).toEqual({ study_id: ['This field is required'] });
    const resources = (await get('physician', `/api/study-resources/?study_id=${studyId}`)).json();
    expect(resources.results).toEqual([
      expect.objectContaining({
        id: resourceId,
        type: 2,
        attributes: expect.objectContaining({ interpolationType: 0, dimensions: [512, 512, 134] }),
      }),
    ]);
    const one = (await get('physician', `/api/study-resources/${resourceId}/?download=true`)).json();
    const bytes = await t.app.inject({ method: 'GET', url: one.readUrl });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toBe('CMVOL-test-bytes');
    expect((await get('other-physician', `/api/study-resources/${resourceId}/`)).statusCode).toBe(404);

    // A colleague the case is shared with sees the de-identified study.
    await shareWith(t, c.id, 'other-physician@cardiomap.test');
    expect((await get('other-physician', `/api/study-resources/${resourceId}/`)).statusCode).toBe(200);
  });
});
