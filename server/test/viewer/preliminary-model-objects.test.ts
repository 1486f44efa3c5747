import { AnalysisResourceType, CaseStatus, OrderStatus, Service, type ViewerLoad } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreliminaryModel, storePreliminaryModel } from '../../src/jobs/surface/preliminary-model.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertAnalysis, insertMesh, insertRootScene, requester, tokensFor } from './viewer-fixtures.ts';

const object = (studyId: string, run: string, name: string) => ({
  name,
  filename: `${name}.glb`,
  mimeType: 'model/gltf-binary',
  storageKey: `cases/x/surface/${run}/${studyId}-${name}.glb`,
  size: 10,
  color: '#aa0000',
  opacity: 0.8,
  attributes: { isPreliminary: true },
});

/**
 * Issue 31: the automatic anatomy is one preliminary analysis with an object per structure and the label
 * volume it came from. The scene lists the structures first, in the model's order, before any analyst's
 * mesh; a re-run replaces all of them and hands back exactly the files it replaced.
 */
describe('a preliminary model of several structures', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, await tokensFor(t, ['case-analyst']));
  }, 180_000);
  afterAll(async () => t.close());

  const store = (model: PreliminaryModel) => t.database.db.transaction((tx) => storePreliminaryModel(tx, model));
  const model = (studyId: string, run: string, names: string[]): PreliminaryModel => ({
    studyId,
    objects: names.map((name) => object(studyId, run, name)),
    segmentation: {
      name: 'Automatic anatomy labels',
      filename: 'labels.nrrd',
      mimeType: 'application/x-nrrd',
      storageKey: `cases/x/surface/${run}/${studyId}-labels.nrrd`,
      size: 99,
      attributes: { labels: { 1: 'LV cavity' } },
    },
    results: [{ name: 'LV cavity volume', value: 120, unit: 'ml' }],
    sourceVersion: 'test',
  });
  const staffScene = async (studyId: string) => {
    const body = (await call('case-analyst', 'GET', `/api/study-viewer/${studyId}/`)).json() as ViewerLoad;
    const order = body.config.visualisations.flatMap((v) => v.objects).sort((a, b) => a.objectOrder - b.objectOrder);
    return order.map((o) => o.name);
  };

  it('puts every structure in the scene in order, before the analyst’s mesh, and keeps the labels as a resource', async () => {
    const c = await insertCase(t, {
      status: CaseStatus.IN_PROGRESS,
      orders: [{ service: Service.ANATOMICAL, status: OrderStatus.IN_PROGRESS }],
    });
    const { studyId } = await insertStudyWithVolume(t, c.id);
    const analysisId = await insertAnalysis(t, studyId, { orderId: c.orderIds[0] });
    await insertRootScene(t, { studyId, analysisId, meshId: await insertMesh(t, analysisId) });
    expect(await store(model(studyId, 'run-1', ['Aorta', 'LV', 'LA + LAA', 'Calcium']))).toEqual([]);
    expect(await staffScene(studyId)).toEqual(['Aorta', 'LV', 'LA + LAA', 'Calcium', 'Aorta']);
    const resources = await t.database.query<{ type: number; name: string }>(
      `SELECT r.type, r.name FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id
        WHERE a.study_id = $1 AND a.is_preliminary ORDER BY r.type, r.name`,
      [studyId],
    );
    expect(resources).toEqual([
      { type: AnalysisResourceType.SCENE_OBJECT, name: 'Aorta' },
      { type: AnalysisResourceType.SCENE_OBJECT, name: 'Calcium' },
      { type: AnalysisResourceType.SCENE_OBJECT, name: 'LA + LAA' },
      { type: AnalysisResourceType.SCENE_OBJECT, name: 'LV' },
      { type: AnalysisResourceType.SEGMENTATION_VOLUME, name: 'Automatic anatomy labels' },
    ]);
  });

  it('replaces every file on a re-run and answers the replaced keys, not the ones it keeps', async () => {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
    const { studyId } = await insertStudyWithVolume(t, c.id);
    const first = model(studyId, 'run-1', ['Aorta', 'LV']);
    await store(first);
    const second = model(studyId, 'run-2', ['Aorta']);
    // The second run rewrote the aorta under the first run's key: that file is kept, not deleted.
    second.objects[0] = {
      ...(second.objects[0] as PreliminaryModel['objects'][number]),
      storageKey: first.objects[0]!.storageKey,
    };
    const replaced = await store(second);
    expect(replaced.sort()).toEqual([first.objects[1]!.storageKey, first.segmentation!.storageKey].sort());
    expect(await staffScene(studyId)).toEqual(['Aorta']);
    const [analyses] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM analyses WHERE study_id = $1 AND is_preliminary',
      [studyId],
    );
    expect(analyses?.n).toBe(1);
  });
});
