import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, shareWith } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertAnalysis, insertMesh, requester, tokensFor } from './viewer-fixtures.ts';

/**
 * configs/, visualisations/, visualisation-objects/ (spec §7): readers are whoever sees the case; the
 * scene is changed by the case's organisation or staff holding the permission, never across studies.
 */
describe('scene API', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  let studyId: string;
  let otherStudyId: string;
  let analysisId: string;
  let meshId: string;
  let otherMeshId: string;
  const missing = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(
      t,
      await tokensFor(t, ['physician', 'other-physician', 'case-analyst', 'field-clinical-specialist']),
    );
    // Delivered: the clinician reads the scene (an undelivered case's is hidden from them, tested below).
    const c = await insertCase(t, { status: 2, orders: [{ service: 0, status: 2 }] });
    ({ studyId } = await insertStudyWithVolume(t, c.id));
    analysisId = await insertAnalysis(t, studyId);
    meshId = await insertMesh(t, analysisId);
    const other = await insertCase(t, {
      status: 2,
      organisationCode: 'NCL',
      createdBy: 'other-physician@cardiomap.test',
    });
    ({ studyId: otherStudyId } = await insertStudyWithVolume(t, other.id));
    otherMeshId = await insertMesh(t, await insertAnalysis(t, otherStudyId));
  }, 180_000);
  afterAll(async () => t.close());

  describe('configs/', () => {
    let configId: string;

    it('POST requires authentication, a visible study, the permission and one config per study', async () => {
      expect((await call(null, 'POST', '/api/configs/', { studyId })).statusCode).toBe(401);
      expect((await call('case-analyst', 'POST', '/api/configs/', {})).json()).toEqual({
        studyId: ['This field is required'],
      });
      // A study the caller may not see is named in the body: a field error, exactly like a missing one.
      const hidden = await call('other-physician', 'POST', '/api/configs/', { studyId });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json()).toEqual({ studyId: ['No study matches the given id.'] });
      expect((await call('case-analyst', 'POST', '/api/configs/', { studyId: missing })).json()).toEqual(hidden.json());
      const denied = await call('physician', 'POST', '/api/configs/', { studyId });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('permission_denied');
      const created = await call('case-analyst', 'POST', '/api/configs/', {
        studyId,
        options: { showResults: true, roiCenter: [1, 2, 3] },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        id: expect.any(String),
        studyId,
        visualisationIds: [],
        options: { showResults: true, roiCenter: [1, 2, 3] },
        comments: [],
      });
      configId = created.json().id;
      const second = await call('case-analyst', 'POST', '/api/configs/', { studyId });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual({ studyId: ['This study has a viewer config already.'] });
    });

    it('GET lists and reads configs only for those who see the case', async () => {
      expect((await call(null, 'GET', `/api/configs/${configId}/`)).statusCode).toBe(401);
      expect((await call('other-physician', 'GET', `/api/configs/${configId}/`)).statusCode).toBe(404);
      expect((await call('physician', 'GET', `/api/configs/${configId}/`)).json().id).toBe(configId);
      expect((await call(null, 'GET', '/api/configs/')).statusCode).toBe(401);
      expect((await call('physician', 'GET', `/api/configs/?study_id=${studyId}`)).json().results).toHaveLength(1);
      expect((await call('other-physician', 'GET', `/api/configs/?study_id=${studyId}`)).statusCode).toBe(404);
      const theirs = (await call('other-physician', 'GET', '/api/configs/')).json();
      expect(theirs.results.map((c: { id: string }) => c.id)).not.toContain(configId);
      expect((await call('physician', 'GET', '/api/configs/nope/')).json()).toEqual({ id: ['Must be a valid UUID.'] });
      expect((await call('physician', 'GET', '/api/configs/?study_id=nope')).json()).toEqual({
        study_id: ['Must be a valid UUID.'],
      });
    });

    it('PATCH merges options and appends a signed comment', async () => {
      const url = `/api/configs/${configId}/`;
      expect((await call(null, 'PATCH', url, { comment: 'x' })).statusCode).toBe(401);
      expect((await call('other-physician', 'PATCH', url, { comment: 'x' })).statusCode).toBe(404);
      expect((await call('physician', 'PATCH', url, { comment: 'x' })).statusCode).toBe(403);
      expect((await call('case-analyst', 'PATCH', url, { comment: '  ' })).json()).toEqual({
        comment: ['This field is required'],
      });
      const patched = await call('case-analyst', 'PATCH', url, {
        options: { showImages: false },
        comment: 'Annulus measured on the systolic phase.',
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().options).toEqual({ showResults: true, roiCenter: [1, 2, 3], showImages: false });
      await call('case-analyst', 'PATCH', url, { comment: 'Second note.' });
      const comments = (await call('physician', 'GET', url)).json().comments;
      expect(comments).toEqual([
        { author: 'Ana Lyst', text: 'Annulus measured on the systolic phase.', date: expect.any(String) },
        { author: 'Ana Lyst', text: 'Second note.', date: expect.any(String) },
      ]);
    });

    it('DELETE removes the config for those who may', async () => {
      const url = `/api/configs/${configId}/`;
      expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
      expect((await call('other-physician', 'DELETE', url)).statusCode).toBe(404);
      expect((await call('physician', 'DELETE', url)).statusCode).toBe(403);
      expect((await call('case-analyst', 'DELETE', url)).statusCode).toBe(204);
      expect((await call('case-analyst', 'GET', url)).statusCode).toBe(404);
    });
  });

  it("hides an undelivered case's scene from those who may not view undelivered analyses", async () => {
    const c = await insertCase(t, { status: 2 });
    const { studyId: pendingStudy } = await insertStudyWithVolume(t, c.id);
    const created = await call('case-analyst', 'POST', '/api/configs/', { studyId: pendingStudy });
    expect(created.statusCode).toBe(201);
    expect((await call('physician', 'GET', `/api/configs/${created.json().id}/`)).statusCode).toBe(404);
    expect((await call('physician', 'GET', `/api/visualisations/?study_id=${pendingStudy}`)).statusCode).toBe(404);
    const listed = (await call('physician', 'GET', '/api/configs/')).json().results.map((g: { id: string }) => g.id);
    expect(listed).not.toContain(created.json().id);
    const staff = (await call('case-analyst', 'GET', '/api/configs/')).json().results.map((g: { id: string }) => g.id);
    expect(staff).toContain(created.json().id);
  });

  describe('visualisations/ and visualisation-objects/', () => {
    let visualisationId: string;
    let objectId: string;

    it('POST visualisations/ checks the study and that the analysis is of that study', async () => {
      const body = { studyId, analysisId, name: 'Aortic root', order: 2 };
      expect((await call(null, 'POST', '/api/visualisations/', body)).statusCode).toBe(401);
      expect((await call('other-physician', 'POST', '/api/visualisations/', body)).json()).toEqual({
        studyId: ['No study matches the given id.'],
      });
      expect((await call('physician', 'POST', '/api/visualisations/', body)).statusCode).toBe(403);
      expect((await call('case-analyst', 'POST', '/api/visualisations/', { ...body, opacity: 2 })).json()).toEqual({
        opacity: ['Between 0 and 1.'],
      });
      const foreign = await insertAnalysis(t, otherStudyId);
      expect(
        (await call('case-analyst', 'POST', '/api/visualisations/', { ...body, analysisId: foreign })).json(),
      ).toEqual({ analysisId: ['No analysis of this study matches the given id.'] });
      const created = await call('case-analyst', 'POST', '/api/visualisations/', body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        id: expect.any(String),
        studyId,
        analysisId,
        name: 'Aortic root',
        opacity: 1,
        order: 2,
        visualisationObjectIds: [],
      });
      visualisationId = created.json().id;
    });

    it('POST visualisation-objects/ links only a resource of the same study, opacity within maxOpacity', async () => {
      const body = { visualisationId, analysisResourceId: meshId, name: 'Aorta', opacity: 0.3, maxOpacity: 0.8 };
      const url = '/api/visualisation-objects/';
      expect((await call(null, 'POST', url, body)).statusCode).toBe(401);
      expect((await call('other-physician', 'POST', url, body)).json()).toEqual({
        visualisationId: ['No visualisation matches the given id.'],
      });
      expect((await call('physician', 'POST', url, body)).statusCode).toBe(403);
      expect((await call('case-analyst', 'POST', url, { visualisationId })).json()).toEqual({
        name: ['This field is required'],
      });
      expect((await call('case-analyst', 'POST', url, { ...body, color: 'red' })).json()).toEqual({
        color: ['Enter a colour as #rrggbb.'],
      });
      expect((await call('case-analyst', 'POST', url, { ...body, analysisResourceId: otherMeshId })).json()).toEqual({
        analysisResourceId: ['No analysis resource of this study matches the given id.'],
      });
      expect((await call('case-analyst', 'POST', url, { ...body, opacity: 0.9 })).json()).toEqual({
        opacity: ['The opacity cannot exceed the maximum opacity.'],
      });
      const created = await call('case-analyst', 'POST', url, body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        visualisationId,
        studyId,
        analysisResourceId: meshId,
        name: 'Aorta',
        opacity: 0.3,
        maxOpacity: 0.8,
        isVisible: true,
        hasDepthTestEnabled: true,
      });
      objectId = created.json().id;
      expect((await call('physician', 'GET', `/api/visualisations/${visualisationId}/`)).json()).toMatchObject({
        visualisationObjectIds: [objectId],
      });
    });

    it('GET reads visualisations and objects for those who see the case', async () => {
      for (const url of [
        `/api/visualisations/${visualisationId}/`,
        `/api/visualisation-objects/${objectId}/`,
        `/api/visualisations/?study_id=${studyId}`,
        `/api/visualisation-objects/?visualisation_id=${visualisationId}`,
        `/api/visualisation-objects/?study_id=${studyId}`,
      ]) {
        expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
        expect((await call('other-physician', 'GET', url)).statusCode, url).toBe(404);
        expect((await call('physician', 'GET', url)).statusCode, url).toBe(200);
      }
      expect((await call('physician', 'GET', `/api/visualisations/?study_id=${studyId}`)).json().results).toEqual([
        expect.objectContaining({ id: visualisationId }),
      ]);
      expect((await call('physician', 'GET', `/api/visualisation-objects/?study_id=${studyId}`)).json().count).toBe(1);
      expect((await call('physician', 'GET', '/api/visualisations/')).json()).toEqual({
        study_id: ['This field is required'],
      });
      expect((await call('physician', 'GET', '/api/visualisation-objects/')).json()).toEqual({
        study_id: ['Give study_id or visualisation_id.'],
      });
      const mismatch = `/api/visualisation-objects/?visualisation_id=${visualisationId}&study_id=${otherStudyId}`;
      expect((await call('case-analyst', 'GET', mismatch)).statusCode).toBe(404);
    });

    it('PATCH changes drawing settings; a shared colleague only reads', async () => {
      const vUrl = `/api/visualisations/${visualisationId}/`;
      const oUrl = `/api/visualisation-objects/${objectId}/`;
      for (const url of [vUrl, oUrl]) {
        expect((await call(null, 'PATCH', url, { name: 'x' })).statusCode).toBe(401);
        expect((await call('other-physician', 'PATCH', url, { name: 'x' })).statusCode).toBe(404);
        expect((await call('field-clinical-specialist', 'PATCH', url, { name: 'x' })).statusCode).toBe(403);
      }
      expect((await call('case-analyst', 'PATCH', vUrl, { opacity: 2 })).json()).toEqual({
        opacity: ['Between 0 and 1.'],
      });
      // A patch naming only the name keeps the other fields.
      expect((await call('case-analyst', 'PATCH', vUrl, { name: 'Root' })).json()).toMatchObject({
        name: 'Root',
        opacity: 1,
        order: 2,
      });
      expect(Object.keys((await call('case-analyst', 'PATCH', oUrl, { renderOrder: 5000 })).json())).toEqual([
        'renderOrder',
      ]);
      expect((await call('case-analyst', 'PATCH', oUrl, { opacity: 0.95 })).json()).toEqual({
        opacity: ['The opacity cannot exceed the maximum opacity.'],
      });
      const patched = await call('case-analyst', 'PATCH', oUrl, {
        color: '#00ff00',
        isDoubleSided: true,
        maxOpacity: 1,
      });
      expect(patched.json()).toMatchObject({ color: '#00ff00', isDoubleSided: true, opacity: 0.3, maxOpacity: 1 });

      const c = (
        await t.database.query<{ caseId: string }>('SELECT case_id AS "caseId" FROM studies WHERE id = $1', [studyId])
      )[0];
      await shareWith(t, c?.caseId ?? '', 'other-physician@cardiomap.test');
      expect((await call('other-physician', 'GET', oUrl)).statusCode).toBe(200);
      expect((await call('other-physician', 'PATCH', oUrl, { name: 'x' })).statusCode).toBe(403);
    });

    it('DELETE removes an object, then the visualisation', async () => {
      const oUrl = `/api/visualisation-objects/${objectId}/`;
      const vUrl = `/api/visualisations/${visualisationId}/`;
      for (const url of [oUrl, vUrl]) {
        expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
        expect((await call('physician', 'DELETE', url)).statusCode).toBe(403);
      }
      expect((await call('case-analyst', 'DELETE', oUrl)).statusCode).toBe(204);
      expect((await call('case-analyst', 'GET', oUrl)).statusCode).toBe(404);
      expect((await call('case-analyst', 'DELETE', vUrl)).statusCode).toBe(204);
      expect((await call('case-analyst', 'GET', vUrl)).statusCode).toBe(404);
      expect((await call('case-analyst', 'DELETE', vUrl)).statusCode).toBe(404);
    });
  });
});
