import { CaseStatus, GeometryType, OrderStatus, VIEW_TYPE_COLORS, ViewType } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, insertCase } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, insertAnalysis, insertLandmark, insertStudy, landmarkTypeId } from './analysis-fixtures.ts';

const delivered = { status: CaseStatus.IN_PROGRESS, orders: [{ service: 0 as const, status: OrderStatus.DELIVERED }] };
const undelivered = {
  status: CaseStatus.IN_PROGRESS,
  orders: [{ service: 0 as const, status: OrderStatus.IN_PROGRESS }],
};
const email = (who: string) => `${who}@cardiomap.test`;

/** A 10 mm square in an oblique plane (tilted 30° about x): perimeter 40 mm, area 100 mm². */
const obliqueSquare = (): [number, number, number][] => {
  const c = Math.cos(Math.PI / 6);
  const s = Math.sin(Math.PI / 6);
  return [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
  ].map(([u = 0, v = 0]) => [12 + u, -40 + v * c, 80 + v * s]);
};

/** landmarks/ (spec §7) under the landmark rules of spec §6, measured by the server. */
describe('landmarks API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);
  const analysisOf = async (facts: Parameters<typeof insertCase>[1] = undelivered) => {
    const c = await insertCase(t, facts);
    return { caseId: c.id, analysisId: await insertAnalysis(t, await insertStudy(t, c.id)) };
  };
  const distanceBody = (analysisId: string, extra: Record<string, unknown> = {}) => ({
    analysisId,
    name: 'Custom distance',
    geometryType: GeometryType.DISTANCE,
    viewType: ViewType.CORONAL,
    points: [
      [1, 2, 3],
      [4, 6, 15],
    ],
    ...extra,
  });
  const create = (who: string | null, body: unknown) => call(who, 'POST', '/api/landmarks/', body);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst', 'case-manager', 'rnd-engineer', 'development']) {
      tokens[who] = (await signIn(t, email(who))).access;
    }
  });
  afterAll(async () => t.close());

  describe('POST /api/landmarks/', () => {
    it('requires authentication', async () => {
      const { analysisId } = await analysisOf();
      expect((await create(null, distanceBody(analysisId))).statusCode).toBe(401);
    });

    it('names the fields that are wrong', async () => {
      const { analysisId } = await analysisOf();
      const shape = await create('case-analyst', { geometryType: 9, viewType: 2, points: [] });
      expect(shape.statusCode).toBe(400);
      expect(shape.json()).toMatchObject({
        analysisId: ['This field is required'],
        geometryType: ['Choose a geometry type (0–6).'],
        viewType: ['Choose a view type (4–6).'],
        points: ['Place at least one point.'],
      });
      const unnamed = await create('case-analyst', distanceBody(analysisId, { name: undefined }));
      expect(unnamed.json()).toEqual({ name: ['This field is required'] });
      const threePoints = await create(
        'case-analyst',
        distanceBody(analysisId, {
          points: [
            [0, 0, 0],
            [1, 1, 1],
            [2, 2, 2],
          ],
        }),
      );
      expect(threePoints.statusCode).toBe(400);
      expect(threePoints.json()).toEqual({ points: ['A distance needs exactly 2 points.'] });
      const annulus = await landmarkTypeId(t, 'Annulus');
      const mismatch = await create('case-analyst', distanceBody(analysisId, { landmarkTypeId: annulus }));
      expect(mismatch.json()).toEqual({ geometryType: ['A Annulus landmark is a closed curve.'] });
      const unknownType = await create(
        'case-analyst',
        distanceBody(analysisId, { landmarkTypeId: '00000000-0000-4000-8000-00000000ffff' }),
      );
      expect(unknownType.json()).toEqual({ landmarkTypeId: ['No landmark type matches the given id.'] });
    });

    it("answers 404 for another organisation's case and for an undelivered analysis the caller may not see", async () => {
      const { analysisId } = await analysisOf(delivered);
      expect((await create('other-physician', distanceBody(analysisId))).statusCode).toBe(404);
      const pending = await analysisOf(undelivered);
      expect((await create('physician', distanceBody(pending.analysisId))).statusCode).toBe(404);
    });

    it('applies the create rule: processing permission matching the case, undelivered- or delivered-create', async () => {
      const deliveredCase = await analysisOf(delivered);
      expect((await create('physician', distanceBody(deliveredCase.analysisId))).statusCode).toBe(403);
      // An analyst creates on undelivered cases only; a case manager on delivered ones too.
      expect((await create('case-analyst', distanceBody(deliveredCase.analysisId))).statusCode).toBe(403);
      expect((await create('case-manager', distanceBody(deliveredCase.analysisId))).statusCode).toBe(201);
      // A finished case counts as delivered.
      const completed = await analysisOf({ status: CaseStatus.COMPLETED });
      expect((await create('case-analyst', distanceBody(completed.analysisId))).statusCode).toBe(403);
      // Research engineers process research cases only.
      const clinical = await analysisOf(undelivered);
      expect((await create('rnd-engineer', distanceBody(clinical.analysisId))).statusCode).toBe(403);
      const research = await analysisOf({ ...undelivered, isResearch: true });
      expect((await create('rnd-engineer', distanceBody(research.analysisId))).statusCode).toBe(201);
      // A predefined landmark is created published only by someone who may publish.
      const predefined = await create('rnd-engineer', {
        analysisId: research.analysisId,
        landmarkTypeId: await landmarkTypeId(t, 'Annulus'),
        geometryType: GeometryType.CLOSED_CURVE,
        viewType: ViewType.AXIAL,
        points: obliqueSquare(),
      });
      expect(predefined.json()).toMatchObject({ name: 'Annulus', isPublished: false, canPublish: false });
      // Seeing unfinished results is not enough to place landmarks.
      expect((await create('development', distanceBody(research.analysisId))).statusCode).toBe(403);
    });

    it('creates a custom landmark unpublished, measured by the server, coloured by its pane', async () => {
      const { caseId, analysisId } = await analysisOf();
      const res = await create('case-analyst', {
        ...distanceBody(analysisId),
        measurements: { distance: 999 },
        isPublished: true,
      });
      expect(res.statusCode).toBe(201);
      const landmark = res.json();
      expect(landmark).toMatchObject({
        analysisId,
        landmarkTypeId: null,
        name: 'Custom distance',
        displayName: 'Custom distance',
        isPublished: false,
        isEnabled: true,
        color: VIEW_TYPE_COLORS[ViewType.CORONAL],
        canEdit: true,
        canDelete: true,
        canPublish: true,
      });
      // |(3, 4, 12)| = 13 mm.
      expect(landmark.measurements.distance).toBeCloseTo(13, 9);
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('landmark.create');
    });

    it('measures a closed curve in an oblique plane', async () => {
      const { analysisId } = await analysisOf();
      const res = await create('case-analyst', {
        analysisId,
        name: 'Square',
        geometryType: GeometryType.CLOSED_CURVE,
        viewType: ViewType.AXIAL,
        points: obliqueSquare(),
        color: '#123456',
      });
      expect(res.statusCode).toBe(201);
      const { measurements, color } = res.json();
      expect(color).toBe('#123456');
      expect(measurements.perimeter).toBeCloseTo(40, 6);
      expect(measurements.area).toBeCloseTo(100, 6);
      expect(measurements.minDiameter).toBeCloseTo(10, 6);
      expect(measurements.maxDiameter).toBeCloseTo(Math.SQRT2 * 10, 6);
    });

    it('names a predefined landmark after its type, published only when its creator may publish', async () => {
      const { analysisId } = await analysisOf();
      const annulus = await landmarkTypeId(t, 'Annulus');
      const body = {
        analysisId,
        landmarkTypeId: annulus,
        geometryType: GeometryType.CLOSED_CURVE,
        viewType: ViewType.AXIAL,
        points: obliqueSquare(),
      };
      const byAnalyst = (await create('case-analyst', body)).json();
      expect(byAnalyst).toMatchObject({
        name: 'Annulus',
        displayName: 'Annulus',
        isPublished: true,
        color: '#e63946',
      });
      const byManager = (await create('case-manager', body)).json();
      expect(byManager).toMatchObject({ name: 'Annulus', isPublished: true, isEnabled: true, canPublish: true });
    });
  });

  describe('GET /api/landmarks/ and /api/landmarks/{id}/', () => {
    it('answers 401, 400 without analysis_id, 404 for another organisation', async () => {
      const { analysisId } = await analysisOf(delivered);
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-manager'), published: true });
      expect((await call(null, 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).statusCode).toBe(401);
      expect((await call(null, 'GET', `/api/landmarks/${id}/`)).statusCode).toBe(401);
      expect((await call('physician', 'GET', '/api/landmarks/')).json()).toEqual({
        analysis_id: ['This field is required'],
      });
      expect((await call('other-physician', 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).statusCode).toBe(404);
      expect((await call('other-physician', 'GET', `/api/landmarks/${id}/`)).statusCode).toBe(404);
    });

    it('hides unpublished landmarks from a clinician, shows them to staff who may view unpublished results', async () => {
      const { analysisId } = await analysisOf(delivered);
      const published = await insertLandmark(t, analysisId, { createdBy: email('case-manager'), published: true });
      const draft = await insertLandmark(t, analysisId, { createdBy: email('case-manager') });
      const clinician = (await call('physician', 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).json();
      expect(clinician.results.map((l: { id: string }) => l.id)).toEqual([published]);
      expect(clinician.results[0]).toMatchObject({ canEdit: false, canDelete: false, canPublish: false });
      expect((await call('physician', 'GET', `/api/landmarks/${draft}/`)).statusCode).toBe(404);
      expect((await call('physician', 'GET', `/api/analyses/${analysisId}/`)).json().landmarkIds).toEqual([published]);
      const staff = (await call('case-analyst', 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).json();
      // Both inserted within a millisecond (PGlite's clock), they may tie on date_created: order by id then.
      expect(staff.results.map((l: { id: string }) => l.id).sort()).toEqual([published, draft].sort());
      expect((await call('case-analyst', 'GET', `/api/landmarks/${draft}/`)).json()).toMatchObject({
        id: draft,
        isPublished: false,
      });
    });

    it("hides an undelivered case's landmarks from a clinician altogether", async () => {
      const { analysisId } = await analysisOf(undelivered);
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-manager'), published: true });
      expect((await call('physician', 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).statusCode).toBe(404);
      expect((await call('physician', 'GET', `/api/landmarks/${id}/`)).statusCode).toBe(404);
    });
  });

  describe('PATCH /api/landmarks/{id}/', () => {
    it('answers 401, 400 with field messages, 404', async () => {
      const { analysisId } = await analysisOf();
      const custom = await insertLandmark(t, analysisId, { createdBy: email('case-analyst') });
      const predefined = await insertLandmark(t, analysisId, {
        createdBy: email('case-analyst'),
        typeId: await landmarkTypeId(t, 'Membranous septum length'),
      });
      expect((await call(null, 'PATCH', `/api/landmarks/${custom}/`, { name: 'x' })).statusCode).toBe(401);
      expect((await call('case-analyst', 'PATCH', `/api/landmarks/${custom}/`, { name: '' })).json()).toEqual({
        name: ['This field is required'],
      });
      const onePoint = await call('case-analyst', 'PATCH', `/api/landmarks/${custom}/`, { points: [[0, 0, 0]] });
      expect(onePoint.json()).toEqual({ points: ['A distance needs exactly 2 points.'] });
      expect((await call('case-analyst', 'PATCH', `/api/landmarks/${predefined}/`, { name: 'Mine' })).json()).toEqual({
        name: ['A predefined landmark is named after its type.'],
      });
      expect((await call('other-physician', 'PATCH', `/api/landmarks/${custom}/`, { name: 'x' })).statusCode).toBe(404);
    });

    it('recomputes the measurements from the new points and moves dateModified', async () => {
      const { caseId, analysisId } = await analysisOf();
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-manager') });
      const before = (await call('case-analyst', 'GET', `/api/landmarks/${id}/`)).json();
      const res = await call('case-analyst', 'PATCH', `/api/landmarks/${id}/`, {
        points: [
          [0, 0, 0],
          [0, 6, 8],
        ],
        measurements: { distance: 1 },
        description: 'Moved',
      });
      expect(res.statusCode).toBe(200);
      const after = res.json();
      expect(after.measurements.distance).toBeCloseTo(10, 9);
      expect(after.points).toEqual([
        [0, 0, 0],
        [0, 6, 8],
      ]);
      expect(after.description).toBe('Moved');
      expect(after.name).toBe('Seeded');
      expect(Date.parse(after.dateModified)).toBeGreaterThan(Date.parse(before.dateModified));
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('landmark.change');
    });

    it('saves isVisible for those who may change the landmark, so a reload shows it; others are refused', async () => {
      const { analysisId } = await analysisOf();
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-analyst') });
      const url = `/api/landmarks/${id}/`;
      const before = (await call('case-analyst', 'GET', url)).json();
      const hidden = await call('case-analyst', 'PATCH', url, { isVisible: false });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toMatchObject({
        isVisible: false,
        points: before.points,
        measurements: before.measurements,
      });
      expect((await call('case-analyst', 'GET', url)).json().isVisible).toBe(false);

      const { analysisId: deliveredAnalysis } = await analysisOf(delivered);
      const theirs = await insertLandmark(t, deliveredAnalysis, { createdBy: email('case-manager'), published: true });
      const refused = await call('case-analyst', 'PATCH', `/api/landmarks/${theirs}/`, { isVisible: false });
      expect(refused.statusCode).toBe(403);
      expect((await call('case-analyst', 'GET', `/api/landmarks/${theirs}/`)).json().isVisible).toBe(true);
    });

    it('keeps the row whole under concurrent patches', async () => {
      const { analysisId } = await analysisOf();
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-analyst') });
      const url = `/api/landmarks/${id}/`;
      const answers = await Promise.all([
        call('case-analyst', 'PATCH', url, { description: 'first' }),
        call('case-manager', 'PATCH', url, { isVisible: false }),
        call('case-analyst', 'PATCH', url, {
          points: [
            [0, 0, 0],
            [0, 0, 5],
          ],
        }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const final = (await call('case-analyst', 'GET', url)).json();
      expect(final).toMatchObject({ description: 'first', isVisible: false, measurements: { distance: 5 } });
    });

    it('applies the edit rule: delivered case only by the creator with the delivered permission', async () => {
      const { analysisId } = await analysisOf(delivered);
      const byManager = await insertLandmark(t, analysisId, { createdBy: email('case-manager'), published: true });
      const byAnalyst = await insertLandmark(t, analysisId, { createdBy: email('case-analyst'), published: true });
      const patch = (who: string, id: string) => call(who, 'PATCH', `/api/landmarks/${id}/`, { description: who });
      expect((await patch('case-manager', byManager)).statusCode).toBe(200);
      expect((await patch('case-manager', byAnalyst)).statusCode).toBe(403);
      // The analyst made it, but may not change delivered landmarks.
      expect((await patch('case-analyst', byAnalyst)).statusCode).toBe(403);
      expect((await patch('physician', byManager)).statusCode).toBe(403);
    });

    it('applies the edit rule on an undelivered case: custom and predefined permissions, the creator always', async () => {
      // In this test's database only: research engineers lose the custom-landmark permission.
      await t.database.query(
        `DELETE FROM group_permissions WHERE group_id = (SELECT id FROM groups WHERE name = 'RnD Engineer')
            AND permission_id = (SELECT id FROM permissions WHERE codename = $1)`,
        [PERMISSIONS.changeCustomLandmark],
      );
      tokens['rnd-engineer'] = (await signIn(t, email('rnd-engineer'))).access;
      const { analysisId } = await analysisOf({ ...undelivered, isResearch: true });
      const custom = await insertLandmark(t, analysisId, { createdBy: email('case-analyst') });
      const predefined = await insertLandmark(t, analysisId, {
        createdBy: email('case-analyst'),
        typeId: await landmarkTypeId(t, 'Membranous septum length'),
      });
      const own = (await create('rnd-engineer', distanceBody(analysisId))).json();
      const patch = (id: string) => call('rnd-engineer', 'PATCH', `/api/landmarks/${id}/`, { description: 'x' });
      expect((await call('rnd-engineer', 'GET', `/api/landmarks/${custom}/`)).json().canEdit).toBe(false);
      expect((await patch(custom)).statusCode).toBe(403);
      expect((await patch(predefined)).statusCode).toBe(200);
      expect((await patch(own.id)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/landmarks/{id}/', () => {
    it('answers 401 and 404', async () => {
      const { analysisId } = await analysisOf();
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-analyst') });
      expect((await call(null, 'DELETE', `/api/landmarks/${id}/`)).statusCode).toBe(401);
      expect((await call('other-physician', 'DELETE', `/api/landmarks/${id}/`)).statusCode).toBe(404);
    });

    it('applies the delete rule: undelivered with the permission, delivered only by the creator', async () => {
      const pending = await analysisOf(undelivered);
      const someoneElses = await insertLandmark(t, pending.analysisId, { createdBy: email('case-manager') });
      expect((await call('development', 'DELETE', `/api/landmarks/${someoneElses}/`)).statusCode).toBe(403);
      expect((await call('case-analyst', 'DELETE', `/api/landmarks/${someoneElses}/`)).statusCode).toBe(204);
      expect((await call('case-analyst', 'GET', `/api/landmarks/${someoneElses}/`)).statusCode).toBe(404);
      expect((await auditActions(t, pending.caseId)).map((a) => a.action)).toContain('landmark.delete');

      const done = await analysisOf(delivered);
      const byAnalyst = await insertLandmark(t, done.analysisId, { createdBy: email('case-analyst'), published: true });
      expect((await call('case-manager', 'DELETE', `/api/landmarks/${byAnalyst}/`)).statusCode).toBe(403);
      expect((await call('case-analyst', 'DELETE', `/api/landmarks/${byAnalyst}/`)).statusCode).toBe(204);
    });
  });

  describe('POST /api/landmarks/{id}/publish/ and /unpublish/', () => {
    it('answers 401 and 404', async () => {
      const { analysisId } = await analysisOf();
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-analyst') });
      expect((await call(null, 'POST', `/api/landmarks/${id}/publish/`, {})).statusCode).toBe(401);
      expect((await call(null, 'POST', `/api/landmarks/${id}/unpublish/`, {})).statusCode).toBe(401);
      expect((await call('other-physician', 'POST', `/api/landmarks/${id}/publish/`, {})).statusCode).toBe(404);
    });

    it('needs the publish permission and an undelivered case', async () => {
      const pending = await analysisOf(undelivered);
      const id = await insertLandmark(t, pending.analysisId, { createdBy: email('case-analyst') });
      expect((await call('development', 'POST', `/api/landmarks/${id}/publish/`, {})).statusCode).toBe(403);
      const done = await analysisOf(delivered);
      const shown = await insertLandmark(t, done.analysisId, { createdBy: email('case-manager'), published: true });
      expect((await call('case-manager', 'POST', `/api/landmarks/${shown}/unpublish/`, {})).statusCode).toBe(403);
    });

    it('publishes (published and enabled) and unpublishes (neither)', async () => {
      const { caseId, analysisId } = await analysisOf(undelivered);
      const id = await insertLandmark(t, analysisId, { createdBy: email('case-analyst') });
      await t.database.query('UPDATE landmarks SET is_enabled = false WHERE id = $1', [id]);
      const published = await call('case-manager', 'POST', `/api/landmarks/${id}/publish/`);
      expect(published.statusCode).toBe(200);
      expect(published.json()).toMatchObject({ isPublished: true, isEnabled: true });
      const unpublished = await call('case-manager', 'POST', `/api/landmarks/${id}/unpublish/`, {});
      expect(unpublished.json()).toMatchObject({ isPublished: false, isEnabled: false });
      const actions = (await auditActions(t, caseId)).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['landmark.publish', 'landmark.unpublish']));
    });
  });
});
