import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { ACCESS_DENIED_MESSAGE } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertLandmark } from '../viewer/analysis-fixtures.ts';
import { insertAnalysis, insertMesh, insertRootScene, requester, tokensFor } from '../viewer/viewer-fixtures.ts';
import { insertCase } from './case-fixtures.ts';

/**
 * Case.accessDenied on every read of a case's images and results (architecture.md §13): the API must not
 * answer what the viewer load refuses. Customer Support and Venus Sales reach Berlin Heart Institute's
 * case only through accounts.all_organisations; its physician (a member) and the analyst (staff who
 * process it) read everything.
 */
describe('Case.accessDenied on the reads of results and images', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, await tokensFor(t, ['physician', 'case-analyst', 'customer-support', 'venus-sales']));
    const theCase = await insertCase(t, {
      status: CaseStatus.COMPLETED,
      orders: [{ service: 0 as const, status: OrderStatus.DELIVERED }],
      organisationCode: 'BHI',
      createdBy: 'physician@cardiomap.test',
    });
    ids.caseId = theCase.id;
    const study = await insertStudyWithVolume(t, theCase.id);
    ids.studyId = study.studyId;
    ids.studyResourceId = study.resourceId;
    const [order] = await t.database.query<{ id: string }>('SELECT id FROM orders WHERE case_id = $1', [theCase.id]);
    ids.analysisId = await insertAnalysis(t, study.studyId, { orderId: order?.id });
    ids.landmarkId = await insertLandmark(t, ids.analysisId, {
      createdBy: 'case-analyst@cardiomap.test',
      published: true,
    });
    ids.meshId = await insertMesh(t, ids.analysisId);
    ids.visualisationId = await insertRootScene(t, {
      studyId: study.studyId,
      analysisId: ids.analysisId,
      meshId: ids.meshId,
    });
    const [object] = await t.database.query<{ id: string }>(
      'SELECT id FROM visualisation_objects WHERE visualisation_id = $1',
      [ids.visualisationId],
    );
    ids.objectId = object?.id ?? '';
    const [config] = await t.database.query<{ id: string }>(
      `INSERT INTO viewer_configs (study_id, options) VALUES ($1, '{}'::jsonb) RETURNING id`,
      [study.studyId],
    );
    ids.configId = config?.id ?? '';
    const [input] = await t.database.query<{ id: string }>(
      `INSERT INTO input_data (case_id, name, filename, mime_type, storage_key, upload_successful, status, created_by_id)
       SELECT $1, 'Patient Images', 'ct.zip', 'application/zip', 'pending', true, 1, created_by_id
         FROM cases WHERE id = $1 RETURNING id`,
      [theCase.id],
    );
    ids.inputDataId = input?.id ?? '';
    const key = `input-data/${ids.inputDataId}/upload.zip`;
    await t.database.query('UPDATE input_data SET storage_key = $2 WHERE id = $1', [ids.inputDataId, key]);
    await t.app.storage.write(key, Buffer.from('PK\u0003\u0004 images'), 'application/zip');
  }, 180_000);
  afterAll(async () => t.close());

  /** Each read of the case's results or images, and who of its own people reads it. */
  const reads = (): [string, string, string[]][] => [
    ['analyses list', `/api/analyses/?study_id=${ids.studyId}`, ['physician', 'case-analyst']],
    ['analysis', `/api/analyses/${ids.analysisId}/`, ['physician', 'case-analyst']],
    [
      'analysis resources list',
      `/api/analysis-resources/?analysis_id=${ids.analysisId}`,
      ['physician', 'case-analyst'],
    ],
    ['analysis resources by study', `/api/analysis-resources/?study_id=${ids.studyId}`, ['physician', 'case-analyst']],
    ['analysis resource', `/api/analysis-resources/${ids.meshId}/`, ['physician', 'case-analyst']],
    ['analysis resource file', `/api/analysis-resources/${ids.meshId}/?download=true`, ['physician', 'case-analyst']],
    ['landmarks list', `/api/landmarks/?analysis_id=${ids.analysisId}`, ['physician', 'case-analyst']],
    ['landmark', `/api/landmarks/${ids.landmarkId}/`, ['physician', 'case-analyst']],
    ['visualisations list', `/api/visualisations/?study_id=${ids.studyId}`, ['physician', 'case-analyst']],
    ['visualisation', `/api/visualisations/${ids.visualisationId}/`, ['physician', 'case-analyst']],
    ['visualisation objects', `/api/visualisation-objects/?study_id=${ids.studyId}`, ['physician', 'case-analyst']],
    ['visualisation object', `/api/visualisation-objects/${ids.objectId}/`, ['physician', 'case-analyst']],
    ['configs of the study', `/api/configs/?study_id=${ids.studyId}`, ['physician', 'case-analyst']],
    ['config', `/api/configs/${ids.configId}/`, ['physician', 'case-analyst']],
    ['study resources', `/api/study-resources/?study_id=${ids.studyId}`, ['physician', 'case-analyst']],
    ['study resource', `/api/study-resources/${ids.studyResourceId}/`, ['physician', 'case-analyst']],
    ['report config', `/api/studies/${ids.studyId}/report-config/`, ['physician', 'case-analyst']],
    ['case viewer', `/api/case-viewer/${ids.caseId}/`, ['physician', 'case-analyst']],
    ['study viewer', `/api/study-viewer/${ids.studyId}/`, ['physician', 'case-analyst']],
    ['input data file', `/api/input-data/${ids.inputDataId}/?download=true`, ['physician']],
    ['case dicom', `/api/case-dicom/${ids.caseId}/`, ['physician']],
  ];

  it('answers 403 access_denied to support and sales on every read of results and images', async () => {
    for (const [what, url] of reads()) {
      for (const who of ['customer-support', 'venus-sales']) {
        const res = await call(who, 'GET', url);
        expect({ what, who, status: res.statusCode, body: res.json() }).toEqual({
          what,
          who,
          status: 403,
          body: { detail: ACCESS_DENIED_MESSAGE, code: 'access_denied' },
        });
      }
    }
  });

  it("still answers the case's physician and the staff who process it", async () => {
    for (const [what, url, readers] of reads()) {
      for (const who of readers) {
        const res = await call(who, 'GET', url);
        expect({ what, who, status: res.statusCode }).toEqual({ what, who, status: 200 });
      }
    }
  });

  it('leaves a denied case out of the lists not narrowed to one study, and keeps its rows', async () => {
    const configs = async (who: string) =>
      ((await call(who, 'GET', '/api/configs/?page_size=100')).json().results as { id: string }[]).map((c) => c.id);
    expect(await configs('customer-support')).not.toContain(ids.configId);
    expect(await configs('case-analyst')).toContain(ids.configId);
    // The rows of the case stay: the case, its study, its uploads (without a file to read).
    expect((await call('customer-support', 'GET', `/api/studies/${ids.studyId}/`)).statusCode).toBe(200);
    const uploads = await call('customer-support', 'GET', `/api/input-data/?case_id=${ids.caseId}`);
    expect(uploads.statusCode).toBe(200);
    expect(uploads.json().results[0]).toMatchObject({ id: ids.inputDataId, readUrl: null });
  });

  it('stops serving a read link handed out earlier once the case is denied to its holder', async () => {
    const moveTo = (code: string) =>
      t.database.query(
        'UPDATE cases SET organisation_id = (SELECT id FROM organisations WHERE code = $2) WHERE id = $1',
        [ids.caseId, code],
      );
    // Support's own organisation's case: they read it as any member does.
    await moveTo('HVC');
    const answer = await call('customer-support', 'GET', `/api/analysis-resources/${ids.meshId}/?download=true`);
    expect(answer.statusCode).toBe(200);
    const link = answer.json().readUrl as string;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await moveTo('BHI');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).not.toBe(200);
  });
});
