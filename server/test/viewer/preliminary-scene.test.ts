import { CaseStatus, OrderStatus, Service, type ViewerLoad } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePreliminaryModel } from '../../src/jobs/surface/preliminary-model.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertAnalysis, insertMesh, insertRootScene, requester, tokensFor } from './viewer-fixtures.ts';

const BLOOD_POOL = 'Blood pool (preliminary)';

/**
 * A delivered case with the surface job's preliminary model and an analyst's delivered mesh in a "Root"
 * visualisation; the ids of the root visualisation and of the preliminary visualisation and object.
 */
async function deliveredStudyWithPreliminary(t: TestApp) {
  const c = await insertCase(t, {
    status: CaseStatus.COMPLETED,
    orders: [{ service: Service.ANATOMICAL, status: OrderStatus.DELIVERED }],
  });
  const { studyId } = await insertStudyWithVolume(t, c.id);
  await t.database.db.transaction((tx) =>
    storePreliminaryModel(tx, {
      studyId,
      objects: [
        {
          name: BLOOD_POOL,
          filename: 'blood-pool-preliminary.glb',
          mimeType: 'model/gltf-binary',
          storageKey: `analyses/preliminary-${studyId}.glb`,
          size: 10,
          color: '#d32f2f',
          opacity: 1,
          attributes: {},
        },
      ],
      results: [{ name: 'Blood pool volume', value: 120, unit: 'ml' }],
      sourceVersion: 'test',
    }),
  );
  const analysisId = await insertAnalysis(t, studyId, { orderId: c.orderIds[0] });
  const rootId = await insertRootScene(t, { studyId, analysisId, meshId: await insertMesh(t, analysisId) });
  const [preliminary] = await t.database.query<{ visualisationId: string; objectId: string }>(
    `SELECT v.id AS "visualisationId", o.id AS "objectId" FROM visualisations v
       JOIN analyses a ON a.id = v.analysis_id AND a.is_preliminary
       JOIN visualisation_objects o ON o.visualisation_id = v.id WHERE v.study_id = $1`,
    [studyId],
  );
  if (!preliminary) throw new Error('the preliminary model was not stored');
  return { studyId, rootId, ...preliminary };
}

/**
 * Issue 30 §3: the surface job's preliminary "Blood pool" mesh is a staff aid. A clinician's viewer load
 * has neither its visualisation nor any object drawn from it (not even one an analyst put into their own
 * visualisation); staff get it, marked preliminary, to see and hide it.
 */
describe('GET /api/study-viewer/{id}/ keeps the preliminary model staff-only', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  const load = async (who: string | null, studyId: string) => call(who, 'GET', `/api/study-viewer/${studyId}/`);
  const names = (body: ViewerLoad) => ({
    visualisations: body.config.visualisations.map((v) => v.name).sort(),
    objects: body.config.visualisations.flatMap((v) => v.objects.map((o) => `${o.name}:${o.isPreliminary}`)).sort(),
  });

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, await tokensFor(t, ['physician', 'other-physician', 'case-analyst']));
  }, 180_000);
  afterAll(async () => t.close());

  it("leaves the preliminary visualisation and its mesh out of a clinician's scene", async () => {
    const { studyId } = await deliveredStudyWithPreliminary(t);
    const res = await load('physician', studyId);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ViewerLoad;
    expect(names(body)).toEqual({ visualisations: ['Root'], objects: ['Aorta:false'] });
    expect(body.config.scenes[0]?.visualisationIds).toHaveLength(1);
  });

  it('gives staff the preliminary model, marked, beside the analyst mesh', async () => {
    const { studyId } = await deliveredStudyWithPreliminary(t);
    const body = (await load('case-analyst', studyId)).json() as ViewerLoad;
    expect(names(body)).toEqual({
      visualisations: ['Preliminary 3D model', 'Root'],
      objects: ['Aorta:false', `${BLOOD_POOL}:true`],
    });
  });

  it('drops a preliminary mesh an analyst put into their own visualisation, for the clinician only', async () => {
    const { studyId, rootId } = await deliveredStudyWithPreliminary(t);
    await t.database.query(
      `INSERT INTO visualisation_objects (visualisation_id, study_id, analysis_resource_id, name, color)
       SELECT $1, $2, r.id, 'Copied blood pool', '#000000' FROM analysis_resources r
         JOIN analyses a ON a.id = r.analysis_id WHERE a.study_id = $2 AND a.is_preliminary`,
      [rootId, studyId],
    );
    expect(names((await load('physician', studyId)).json()).objects).toEqual(['Aorta:false']);
    expect(names((await load('case-analyst', studyId)).json()).objects).toContain('Copied blood pool:true');
  });

  it('still answers 401 and, to another organisation, 404', async () => {
    const { studyId } = await deliveredStudyWithPreliminary(t);
    expect((await load(null, studyId)).statusCode).toBe(401);
    expect((await load('other-physician', studyId)).statusCode).toBe(404);
  });
});

/** The scene's own routes answer as the viewer load does: a clinician never meets the preliminary model. */
describe('visualisations/ and visualisation-objects/ keep the preliminary model staff-only', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  const get = async (who: string | null, url: string) => call(who, 'GET', url);
  const listed = async (who: string, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: { id: string; name: string }[] };
    expect(body.count).toBe(body.results.length);
    return body.results;
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, await tokensFor(t, ['physician', 'other-physician', 'case-analyst']));
  }, 180_000);
  afterAll(async () => t.close());

  it('lists and gets no preliminary visualisation or object for a clinician; 404 as if missing', async () => {
    const { studyId, visualisationId, objectId } = await deliveredStudyWithPreliminary(t);
    expect((await listed('physician', `/api/visualisations/?study_id=${studyId}`)).map((v) => v.name)).toEqual([
      'Root',
    ]);
    expect((await listed('physician', `/api/visualisation-objects/?study_id=${studyId}`)).map((o) => o.name)).toEqual([
      'Aorta',
    ]);
    expect((await get('physician', `/api/visualisations/${visualisationId}/`)).statusCode).toBe(404);
    expect((await get('physician', `/api/visualisation-objects/${objectId}/`)).statusCode).toBe(404);
    const byVisualisation = await get('physician', `/api/visualisation-objects/?visualisation_id=${visualisationId}`);
    expect(byVisualisation.statusCode).toBe(404);
  });

  it('gives staff the preliminary rows in the lists and by id', async () => {
    const { studyId, visualisationId, objectId } = await deliveredStudyWithPreliminary(t);
    expect((await listed('case-analyst', `/api/visualisations/?study_id=${studyId}`)).map((v) => v.name)).toEqual([
      'Preliminary 3D model',
      'Root',
    ]);
    const objects = await listed('case-analyst', `/api/visualisation-objects/?study_id=${studyId}`);
    expect(objects.map((o) => o.name).sort()).toEqual(['Aorta', BLOOD_POOL]);
    expect((await get('case-analyst', `/api/visualisations/${visualisationId}/`)).statusCode).toBe(200);
    expect((await get('case-analyst', `/api/visualisation-objects/${objectId}/`)).statusCode).toBe(200);
  });

  it('answers 401 signed out and 404 to another organisation', async () => {
    const { studyId } = await deliveredStudyWithPreliminary(t);
    expect((await get(null, `/api/visualisations/?study_id=${studyId}`)).statusCode).toBe(401);
    expect((await get('other-physician', `/api/visualisation-objects/?study_id=${studyId}`)).statusCode).toBe(404);
  });
});
