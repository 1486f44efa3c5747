import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, shareWith, userId } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertAnalysis, insertMesh, requester, tokensFor } from './viewer-fixtures.ts';

type Orders = { service: Service; status: OrderStatus }[];
const delivered: Orders = [{ service: Service.ANATOMICAL, status: OrderStatus.DELIVERED }];
const pending: Orders = [{ service: Service.ANATOMICAL, status: OrderStatus.IN_PROGRESS }];

/** GET study-viewer/{id}/ (spec §3 Viewer load response) behind the spec §2 viewer guards. */
describe('GET /api/study-viewer/{id}/', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  const load = (who: string | null, studyId: string) => call(who, 'GET', `/api/study-viewer/${studyId}/`);

  /** A case in the given state with a study and its volume. */
  async function studyOf(status: CaseStatus, orders: Orders = pending, patientIdentifier?: string) {
    const c = await insertCase(t, { status, orders, patientIdentifier });
    const { studyId, resourceId } = await insertStudyWithVolume(t, c.id);
    return { ...c, studyId, resourceId };
  }

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(
      t,
      await tokensFor(t, ['physician', 'other-physician', 'case-analyst', 'case-manager', 'venus-support']),
    );
  }, 180_000);
  afterAll(async () => t.close());

  it('requires authentication and answers 404 for a study of another organisation, like a missing one', async () => {
    const { studyId } = await studyOf(CaseStatus.COMPLETED, delivered);
    expect((await load(null, studyId)).statusCode).toBe(401);
    const hidden = await load('other-physician', studyId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'No study matches the given id.', code: 'not_found' });
    expect((await load('physician', '00000000-0000-4000-8000-000000000000')).json()).toEqual(hidden.json());
    expect((await load('physician', 'nope')).json()).toEqual({ id: ['Must be a valid UUID.'] });
  });

  it('refuses a canceled case to everyone with 403 case_canceled', async () => {
    const { studyId } = await studyOf(CaseStatus.CANCELED, [
      { service: Service.ANATOMICAL, status: OrderStatus.CANCELED },
    ]);
    for (const who of ['physician', 'case-analyst']) {
      const res = await load(who, studyId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'This case has been canceled.', code: 'case_canceled' });
    }
  });

  it('answers results_pending to a clinician while nothing is delivered, but lets an analyst in', async () => {
    const { studyId } = await studyOf(CaseStatus.IN_PROGRESS, pending);
    const clinician = await load('physician', studyId);
    expect(clinician.statusCode).toBe(403);
    expect(clinician.json()).toEqual({
      detail: 'This case is still being processed. Please come back later.',
      code: 'results_pending',
    });
    const analyst = await load('case-analyst', studyId);
    expect(analyst.statusCode).toBe(200);
    // Analysts work on the undelivered case: landmarks (publishing them too), interpolation, scene.
    expect(analyst.json().permissions).toEqual({
      canCreateLandmarks: true,
      canPublishLandmarks: true,
      canSetInterpolation: true,
      canSeeContour: true,
      canChangeVisualisationObjects: true,
      canAddAnalysisResources: true,
      canAddComments: true,
    });
    expect((await load('case-manager', studyId)).json().permissions.canPublishLandmarks).toBe(true);
    // Staff without patient information permission never see the identifier.
    expect(analyst.json().config.metadata.patientIdentifier).toBeNull();
  });

  it('loads a delivered case for the clinician: volume, scene, analyses, results, warnings and rights', async () => {
    const s = await studyOf(CaseStatus.IN_PROGRESS, delivered, 'PAT-VIEWER-1');
    const analysisId = await insertAnalysis(t, s.studyId, {
      orderId: s.orderIds[0],
      results: [{ name: 'Annulus perimeter', value: 78.4, unit: 'mm' }],
    });
    const meshId = await insertMesh(t, analysisId);
    const [v] = await t.database.query<{ id: string }>(
      `INSERT INTO visualisations (study_id, analysis_id, name, opacity) VALUES ($1, $2, 'Root', 0.5) RETURNING id`,
      [s.studyId, analysisId],
    );
    await t.database.query(
      `INSERT INTO visualisation_objects (visualisation_id, study_id, analysis_resource_id, name, color)
       VALUES ($1, $2, $3, 'Aorta', '#ff0000')`,
      [v?.id, s.studyId, meshId],
    );
    await t.database.query(
      `INSERT INTO viewer_configs (study_id, options, comments)
       VALUES ($1, '{"showResults": true}', '[{"author": "Ana Lyst", "text": "Note", "date": "2026-11-23T10:00:00Z"}]')`,
      [s.studyId],
    );
    const analyst = await userId(t, 'case-analyst@cardiomap.test');
    await t.database.query(
      `INSERT INTO landmarks (analysis_id, name, geometry_type, view_type, points, is_published, created_by_id)
       VALUES ($1, 'Published', 3, 6, '[[0,0,0],[10,0,0]]', true, $2), ($1, 'Draft', 3, 6, '[[0,0,0],[5,0,0]]', false, $2)`,
      [analysisId, analyst],
    );
    // The upload's ingest noticed uneven spacing; the order was marked non-clinical.
    const [input] = await t.database.query<{ id: string }>(
      `INSERT INTO input_data (case_id, name, filename, mime_type, storage_key, created_by_id, warnings)
       VALUES ($1, 'Images', 'images.zip', 'application/zip', 'x', $2, '["Slices are unevenly spaced (1.0–1.5 mm)."]')
       RETURNING id`,
      [s.id, await userId(t, 'physician@cardiomap.test')],
    );
    await t.database.query('UPDATE study_resources SET input_data_id = $2 WHERE id = $1', [s.resourceId, input?.id]);
    await t.database.query('UPDATE orders SET is_clinical = false WHERE id = $1', [s.orderIds[0]]);
    await t.database.query(`INSERT INTO degradations (order_id, remark) VALUES ($1, 'Motion artefacts.')`, [
      s.orderIds[0],
    ]);

    const res = await load('physician', s.studyId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dicom).toEqual({
      studyResourceId: s.resourceId,
      attributes: {
        spacing: [1, 1, 3],
        dimensions: [512, 512, 134],
        origin: [],
        direction: [],
        // Spec §9 defaults: the fixture volume names no levels.
        levels: { windowCenter: 230, windowWidth: 1075 },
        interpolationType: 0,
        readUrl: expect.any(String),
      },
    });
    expect(body.title).toBe(s.caseIdentifier);
    expect(body.subtitle).toBe('Transcatheter Aortic Valve Implantation · ACURATE neo2');
    expect(body.case).toEqual({ id: s.id, status: 2, caseIdentifier: s.caseIdentifier, isResearch: false });
    expect(body.study).toMatchObject({ id: s.studyId, analysisIds: [analysisId], visualisationIds: [v?.id] });
    expect(body.analyses.map((a: { id: string }) => a.id)).toEqual([analysisId]);
    expect(body.analysisResults).toEqual([{ analysisId, name: 'Annulus perimeter', value: 78.4, unit: 'mm' }]);
    // A clinician sees published landmarks only.
    expect(body.landmarks.map((l: { name: string }) => l.name)).toEqual(['Published']);
    expect(body.warnings).toEqual(['Non-clinical: Motion artefacts.', 'Slices are unevenly spaced (1.0–1.5 mm).']);
    expect(body.isClinical).toBe(false);
    expect(body.permissions).toEqual({
      canCreateLandmarks: false,
      canPublishLandmarks: false,
      canSetInterpolation: false,
      canSeeContour: false,
      canChangeVisualisationObjects: false,
      canAddAnalysisResources: false,
      canAddComments: false,
    });
    const [visualisation] = body.config.visualisations;
    expect(visualisation).toMatchObject({ id: v?.id, analysisType: 1, name: 'Root', opacity: 0.5 });
    expect(visualisation.objects).toEqual([
      expect.objectContaining({
        name: 'Aorta',
        color: '#ff0000',
        analysisResourceId: meshId,
        filename: 'aorta.stl',
        readUrl: expect.any(String),
        landmarks: [body.landmarks[0].id],
      }),
    ]);
    expect(body.config).toMatchObject({
      scenes: [{ name: 'Scene', file: { readUrl: null }, visualisationIds: [v?.id] }],
      options: { showResults: true },
      comments: [{ author: 'Ana Lyst', text: 'Note' }],
      metadata: { patientIdentifier: 'PAT-VIEWER-1', caseIdentifier: s.caseIdentifier },
    });
    const mesh = await t.app.inject({ method: 'GET', url: visualisation.objects[0].readUrl });
    expect(mesh.body).toBe('solid mesh\nendsolid mesh\n');

    // The volume streams in ranges over the one link.
    const part = await t.app.inject({
      method: 'GET',
      url: body.dicom.attributes.readUrl,
      headers: { range: 'bytes=6-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('test');
    expect(part.headers['content-range']).toBe('bytes 6-9/16');

    // A colleague the case is shared with sees the result, never the patient's identifier.
    await shareWith(t, s.id, 'other-physician@cardiomap.test');
    const shared = (await load('other-physician', s.studyId)).json();
    expect(shared.config.metadata).toEqual({ patientIdentifier: null, caseIdentifier: s.caseIdentifier });

    // A user who hides identifiers does not get them in the viewer either.
    await t.database.query('UPDATE users SET hide_patient_identifier = true WHERE email = $1', [
      'physician@cardiomap.test',
    ]);
    // On PostgreSQL the cached profile learns of the change through a notice a moment later: poll.
    await expect
      .poll(async () => (await load('physician', s.studyId)).json().config.metadata.patientIdentifier)
      .toBeNull();
    await t.database.query('UPDATE users SET hide_patient_identifier = false WHERE email = $1', [
      'physician@cardiomap.test',
    ]);
  });

  it('opens a completed or rejected case (View dicom) for the clinician; other states are viewer_unavailable', async () => {
    const completed = await studyOf(CaseStatus.COMPLETED, delivered);
    expect((await load('physician', completed.studyId)).statusCode).toBe(200);
    const rejected = await studyOf(CaseStatus.REJECTED, [
      { service: Service.ANATOMICAL, status: OrderStatus.CANCELED },
    ]);
    const view = await load('physician', rejected.studyId);
    expect(view.statusCode).toBe(200);
    expect(view.json().dicom.studyResourceId).toBe(rejected.resourceId);
    const submitted = await studyOf(CaseStatus.SUBMITTED, pending);
    const refused = await load('venus-support', submitted.studyId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('viewer_unavailable');
  });
});
