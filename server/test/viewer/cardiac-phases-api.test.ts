import { CaseStatus, GeometryType, OrderStatus, ViewType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, insertCase } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, insertAnalysis, insertPhases, insertStudy } from './analysis-fixtures.ts';

const undelivered = {
  status: CaseStatus.IN_PROGRESS,
  orders: [{ service: 0 as const, status: OrderStatus.IN_PROGRESS }],
};
const CHOOSE_A_PHASE = { phaseId: ['Choose a phase of this study.'] };
const GATED = [
  { label: '10 %', percent: 10 },
  { label: '40 %', percent: 40, isDefault: true },
  { label: '70 %', percent: 70 },
];

/**
 * Issue 28: a gated study's phases on the study, the viewer load, landmarks and figures, and staff's
 * choice of the default phase (PATCH studies/{id}/default-phase/).
 */
describe('cardiac phases API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);

  /** A new undelivered case whose study has the given phases, with an analysis to measure on. */
  async function gatedStudy(phases = GATED) {
    const c = await insertCase(t, undelivered);
    const studyId = await insertStudy(t, c.id);
    const phaseIds = await insertPhases(t, studyId, phases);
    return { caseId: c.id, studyId, phaseIds, analysisId: await insertAnalysis(t, studyId) };
  }
  const distance = (analysisId: string, extra: Record<string, unknown> = {}) => ({
    analysisId,
    name: 'Distance',
    geometryType: GeometryType.DISTANCE,
    viewType: ViewType.AXIAL,
    points: [
      [0, 0, 0],
      [0, 0, 10],
    ],
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst', 'case-manager']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  }, 180_000);
  afterAll(async () => t.close());

  it('lists the phases in cardiac order on the study, the default one as dicomVolumeId', async () => {
    const { studyId, phaseIds } = await gatedStudy();
    const study = (await call('physician', 'GET', `/api/studies/${studyId}/`)).json();
    expect(study.phases).toEqual([
      { id: phaseIds[0], label: '10 %', percent: 10, triggerTimeMs: null, sliceCount: 20, isDefault: false },
      { id: phaseIds[1], label: '40 %', percent: 40, triggerTimeMs: null, sliceCount: 21, isDefault: true },
      { id: phaseIds[2], label: '70 %', percent: 70, triggerTimeMs: null, sliceCount: 22, isDefault: false },
    ]);
    expect(study.dicomVolumeId).toBe(phaseIds[1]);
  });

  it('reads a volume stored before phases as one default phase, "Single phase"; none before ingest', async () => {
    const c = await insertCase(t, undelivered);
    const studyId = await insertStudy(t, c.id);
    expect((await call('physician', 'GET', `/api/studies/${studyId}/`)).json().phases).toEqual([]);
    // As migration 0022 leaves an old row: the column defaults (phase 0, no label, the default).
    const [old] = await t.database.query<{ id: string }>(
      `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes)
       VALUES ($1, 2, 'DICOM volume', 'v.cmvol', 'application/octet-stream', 'k/old.cmvol', 1, '{"dimensions":[4,4,9]}')
       RETURNING id`,
      [studyId],
    );
    const study = (await call('physician', 'GET', `/api/studies/${studyId}/`)).json();
    expect(study.phases).toEqual([
      { id: old?.id, label: 'Single phase', percent: null, triggerTimeMs: null, sliceCount: 9, isDefault: true },
    ]);
    expect(study.dicomVolumeId).toBe(old?.id);
  });

  it('loads every phase in the viewer with its own read URL; dicom is the default phase', async () => {
    const { studyId, phaseIds } = await gatedStudy();
    expect((await call(null, 'GET', `/api/study-viewer/${studyId}/`)).statusCode).toBe(401);
    expect((await call('other-physician', 'GET', `/api/study-viewer/${studyId}/`)).statusCode).toBe(404);
    const load = (await call('case-analyst', 'GET', `/api/study-viewer/${studyId}/`)).json();
    expect(
      load.phases.map((p: { id: string; label: string; isDefault: boolean }) => [p.id, p.label, p.isDefault]),
    ).toEqual([
      [phaseIds[0], '10 %', false],
      [phaseIds[1], '40 %', true],
      [phaseIds[2], '70 %', false],
    ]);
    expect(load.dicom.studyResourceId).toBe(phaseIds[1]);
    expect(load.dicom.attributes).toEqual(load.phases[1].attributes);
    expect(load.phases[2].attributes.dimensions).toEqual([8, 8, 22]);
    // Each link serves its own phase's volume.
    for (const [i, phase] of load.phases.entries()) {
      const served = await t.app.inject({ method: 'GET', url: phase.attributes.readUrl });
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(`volume of phase ${i}`);
    }
  });

  it('sets the interpolation type of every phase at once: one acquisition is read alike', async () => {
    const { studyId, phaseIds } = await gatedStudy();
    const set = await call('case-analyst', 'PATCH', `/api/study-resources/${phaseIds[1]}/attributes/`, {
      interpolationType: 1,
    });
    expect(set.statusCode).toBe(200);
    const load = (await call('case-analyst', 'GET', `/api/study-viewer/${studyId}/`)).json();
    expect(
      load.phases.map((p: { attributes: { interpolationType: number } }) => p.attributes.interpolationType),
    ).toEqual([1, 1, 1]);
    // The geometry of each stays its own.
    expect(load.phases.map((p: { attributes: { dimensions: number[] } }) => p.attributes.dimensions[2])).toEqual([
      20, 21, 22,
    ]);
  });

  describe('landmarks', () => {
    it('records the default phase when none is named, and the phase named when it is one of the study', async () => {
      const { analysisId, phaseIds } = await gatedStudy();
      const plain = await call('case-analyst', 'POST', '/api/landmarks/', distance(analysisId));
      expect(plain.statusCode).toBe(201);
      expect(plain.json()).toMatchObject({ phaseId: phaseIds[1], phaseLabel: '40 %' });
      const named = await call(
        'case-analyst',
        'POST',
        '/api/landmarks/',
        distance(analysisId, { phaseId: phaseIds[2] }),
      );
      expect(named.json()).toMatchObject({ phaseId: phaseIds[2], phaseLabel: '70 %' });
      const listed = (await call('case-analyst', 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).json().results;
      expect(listed.map((l: { phaseLabel: string }) => l.phaseLabel)).toEqual(['40 %', '70 %']);
    });

    it('refuses a phase of another study, or a resource that is no phase, with 400 on phaseId', async () => {
      const { analysisId, studyId } = await gatedStudy();
      const other = await gatedStudy();
      const foreign = await call(
        'case-analyst',
        'POST',
        '/api/landmarks/',
        distance(analysisId, { phaseId: other.phaseIds[0] }),
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual(CHOOSE_A_PHASE);
      const [dicom] = await t.database.query<{ id: string }>(
        `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key)
         VALUES ($1, 1, 'Pseudonymised DICOM', 'd.zip', 'application/zip', 'k/d.zip') RETURNING id`,
        [studyId],
      );
      const notAPhase = await call(
        'case-analyst',
        'POST',
        '/api/landmarks/',
        distance(analysisId, { phaseId: dicom?.id }),
      );
      expect(notAPhase.json()).toEqual(CHOOSE_A_PHASE);
      const malformed = await call('case-analyst', 'POST', '/api/landmarks/', distance(analysisId, { phaseId: 'x' }));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toHaveProperty('phaseId');
      expect((await call('case-analyst', 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).json().count).toBe(0);
    });

    it('moves a landmark to another phase of the study (audited), never to another study', async () => {
      const { caseId, analysisId, phaseIds } = await gatedStudy();
      const other = await gatedStudy();
      const id = (await call('case-analyst', 'POST', '/api/landmarks/', distance(analysisId))).json().id;
      const url = `/api/landmarks/${id}/`;
      const refused = await call('case-analyst', 'PATCH', url, { phaseId: other.phaseIds[1] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(CHOOSE_A_PHASE);
      const moved = await call('case-analyst', 'PATCH', url, { phaseId: phaseIds[0] });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ phaseId: phaseIds[0], phaseLabel: '10 %' });
      const change = (await auditActions(t, caseId)).findLast((a) => a.action === 'landmark.change');
      expect(change?.details).toMatchObject({ phase: { before: phaseIds[1], after: phaseIds[0] } });
    });

    it('has no phase on a study without a volume yet', async () => {
      const c = await insertCase(t, undelivered);
      const analysisId = await insertAnalysis(t, await insertStudy(t, c.id));
      const created = await call('case-analyst', 'POST', '/api/landmarks/', distance(analysisId));
      expect(created.json()).toMatchObject({ phaseId: null, phaseLabel: null });
    });
  });

  it('records the phase a figure shows: the default, or the one named (400 for another study)', async () => {
    const { analysisId, phaseIds } = await gatedStudy();
    const other = await gatedStudy();
    const figure = (attributes: Record<string, unknown> = {}) => ({
      analysisId,
      type: 2,
      name: 'Annulus',
      filename: 'annulus.png',
      metadata: { mimeType: 'image/png' },
      attributes: {
        caption: 'Annulus en face',
        view: 'axial',
        camera: { position: [0, 0, 100], focalPoint: [0, 0, 0], viewUp: [0, 1, 0] },
        ...attributes,
      },
    });
    const plain = await call('case-analyst', 'POST', '/api/analysis-resources/', figure());
    expect(plain.statusCode).toBe(201);
    expect(plain.json().attributes).toMatchObject({ phaseId: phaseIds[1], phaseLabel: '40 %' });
    // The label is the server's, whatever the client sent.
    const named = await call(
      'case-analyst',
      'POST',
      '/api/analysis-resources/',
      figure({ phaseId: phaseIds[2], phaseLabel: 'x' }),
    );
    expect(named.json().attributes).toMatchObject({ phaseId: phaseIds[2], phaseLabel: '70 %' });
    const foreign = await call(
      'case-analyst',
      'POST',
      '/api/analysis-resources/',
      figure({ phaseId: other.phaseIds[0] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(CHOOSE_A_PHASE);
  });

  describe('PATCH /api/studies/:id/default-phase/', () => {
    const url = (studyId: string) => `/api/studies/${studyId}/default-phase/`;

    it('needs a sign-in, hides another organisation’s study, and is for staff who change studies', async () => {
      const { studyId, phaseIds } = await gatedStudy();
      const body = { phaseId: phaseIds[0] };
      expect((await call(null, 'PATCH', url(studyId), body)).statusCode).toBe(401);
      expect((await call('other-physician', 'PATCH', url(studyId), body)).statusCode).toBe(404);
      expect((await call('case-manager', 'PATCH', url('00000000-0000-4000-8000-000000000000'), body)).statusCode).toBe(
        404,
      );
      for (const who of ['physician', 'case-analyst']) {
        const denied = await call(who, 'PATCH', url(studyId), body);
        expect(denied.statusCode).toBe(403);
        expect(denied.json()).toMatchObject({ code: 'permission_denied' });
      }
      expect((await call('physician', 'GET', `/api/studies/${studyId}/`)).json().dicomVolumeId).toBe(phaseIds[1]);
    });

    it('answers 400 on phaseId for a missing, malformed or foreign phase, changing nothing', async () => {
      const { caseId, studyId, phaseIds } = await gatedStudy();
      const other = await gatedStudy();
      expect((await call('case-manager', 'PATCH', url(studyId), {})).json()).toEqual({
        phaseId: ['This field is required'],
      });
      expect((await call('case-manager', 'PATCH', url(studyId), { phaseId: 'x' })).json()).toEqual({
        phaseId: ['Must be a valid UUID.'],
      });
      const foreign = await call('case-manager', 'PATCH', url(studyId), { phaseId: other.phaseIds[0] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual(CHOOSE_A_PHASE);
      expect((await call('physician', 'GET', `/api/studies/${studyId}/`)).json().dicomVolumeId).toBe(phaseIds[1]);
      expect((await auditActions(t, caseId)).some((a) => a.action === 'study.default-phase')).toBe(false);
    });

    it('makes the phase the default for the study and the viewer, audited with before and after', async () => {
      const { caseId, studyId, phaseIds, analysisId } = await gatedStudy();
      const changed = await call('case-manager', 'PATCH', url(studyId), { phaseId: phaseIds[2] });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ id: studyId, dicomVolumeId: phaseIds[2] });
      expect(changed.json().phases.map((p: { isDefault: boolean }) => p.isDefault)).toEqual([false, false, true]);
      const load = (await call('case-analyst', 'GET', `/api/study-viewer/${studyId}/`)).json();
      expect(load.dicom.studyResourceId).toBe(phaseIds[2]);
      // New measurements default to it.
      const landmark = (await call('case-analyst', 'POST', '/api/landmarks/', distance(analysisId))).json();
      expect(landmark).toMatchObject({ phaseId: phaseIds[2], phaseLabel: '70 %' });
      const audit = (await auditActions(t, caseId)).find((a) => a.action === 'study.default-phase');
      expect(audit?.details).toEqual({
        studyId,
        before: { phaseId: phaseIds[1], label: '40 %' },
        after: { phaseId: phaseIds[2], label: '70 %' },
      });
    });
  });
});
