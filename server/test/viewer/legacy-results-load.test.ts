import { CaseStatus, OrderStatus, Service, type ViewerLoad } from '@cardiomap/contract';
import { LEGACY_NOT_A_MESH, LEGACY_NOT_OF_STUDY, LEGACY_UNREADABLE, legacyUnavailableWarning } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePreliminaryModel } from '../../src/jobs/surface/preliminary-model.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertAnalysis, insertMesh, requester, tokensFor } from './viewer-fixtures.ts';

type Orders = { service: Service; status: OrderStatus }[];
const DELIVERED_LEGACY: Orders = [
  { service: Service.ANATOMICAL, status: OrderStatus.DELIVERED },
  { service: Service.LEGACY, status: OrderStatus.DELIVERED },
];

/**
 * Architecture.md §13 "Legacy simulation results": the viewer load draws the stored legacy config for
 * whoever may see it, resolves its file references only to the study's own resources, and survives a
 * malformed file with a warning.
 */
describe('GET /api/study-viewer/{id}/ with a legacy config', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  const load = async (who: string | null, studyId: string) => call(who, 'GET', `/api/study-viewer/${studyId}/`);
  const legacyOf = async (who: string, studyId: string) => {
    const res = await load(who, studyId);
    expect(res.statusCode).toBe(200);
    return { body: res.json() as ViewerLoad, raw: res.body };
  };

  /** Stores a legacy config file as the upload leaves it (study resource type 0, kind legacy-config). */
  async function storeLegacy(studyId: string, content: string): Promise<void> {
    const key = `studies/${studyId}/legacy-config/${Math.random().toString(36).slice(2)}/config.json`;
    await t.app.storage.write(key, Buffer.from(content), 'application/json');
    await t.database.query(
      `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes)
       VALUES ($1, 0, 'Legacy simulation config', 'config.json', 'application/json', $2, $3,
               '{"kind": "legacy-config"}'::jsonb)`,
      [studyId, key, content.length],
    );
  }

  async function study(orders: Orders, status: CaseStatus = CaseStatus.IN_PROGRESS) {
    const c = await insertCase(t, { status, orders });
    const { studyId, resourceId: volumeId } = await insertStudyWithVolume(t, c.id);
    const meshId = await insertMesh(t, await insertAnalysis(t, studyId));
    return { caseId: c.id, studyId, volumeId, meshId };
  }

  /** A config naming the study's mesh three ways, and references that must never be drawn. */
  const hostileConfig = (own: { meshId: string; volumeId: string }, foreignMeshId: string) =>
    JSON.stringify({
      scenes: [
        { name: 'Simulated valve', visualisationIds: [1], file: { readUrl: `/api/analysis-resources/${own.meshId}/` } },
      ],
      visualisations: [
        {
          id: 1,
          opacity: 0.5,
          objects: [
            { name: 'Aorta', color: '#00FF00', file: { analysisResourceId: own.meshId } },
            { name: 'By path', file: `analysis-resources/${own.meshId}/` },
            { name: 'Elsewhere', file: { readUrl: 'https://evil.example/steal.stl' } },
            { name: 'Script', color: 'red;background:url(x)', file: 'javascript:alert(1)' },
            { name: 'Other study', file: { analysisResourceId: foreignMeshId } },
            { name: 'Other study by path', file: `analysis-resources/${foreignMeshId}/` },
            { name: 'Volume', file: { studyResourceId: own.volumeId } },
            { name: 'Drawn with its scene' },
          ],
        },
      ],
      comments: ['Valve sits 4 mm low.', { author: 'Legacy pipeline', text: 'Run 7', date: '2026-11-20T10:00:00Z' }],
      warnings: ['Calcium threshold guessed.'],
      metadata: { caseIdentifier: 'ignored here' },
    });

  let foreignMeshId: string;
  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, await tokensFor(t, ['physician', 'other-physician', 'case-analyst']));
    ({ meshId: foreignMeshId } = await study(DELIVERED_LEGACY));
  }, 180_000);
  afterAll(async () => t.close());

  it('answers null without a legacy config', async () => {
    const { studyId } = await study(DELIVERED_LEGACY);
    expect((await legacyOf('case-analyst', studyId)).body.legacyResults).toBeNull();
    expect((await legacyOf('physician', studyId)).body.legacyResults).toBeNull();
  });

  it('draws only the study’s own meshes, lists every other reference as not available, relays no URL', async () => {
    const own = await study(DELIVERED_LEGACY, CaseStatus.COMPLETED);
    await storeLegacy(own.studyId, hostileConfig(own, foreignMeshId));
    const { body, raw } = await legacyOf('physician', own.studyId);
    const legacy = body.legacyResults;
    expect(legacy?.comments).toEqual([
      { author: 'Legacy simulation', text: 'Valve sits 4 mm low.', date: null },
      { author: 'Legacy pipeline', text: 'Run 7', date: '2026-11-20T10:00:00Z' },
    ]);
    expect(legacy?.warnings).toEqual(['Calcium threshold guessed.', legacyUnavailableWarning(5)]);
    const shown = legacy?.items.map((i) => [i.name, i.unavailable === null, i.color, i.opacity]);
    expect(shown).toEqual([
      ['Simulated valve', true, '#e0a040', 0.5],
      ['Aorta', true, '#00ff00', 0.5],
      ['By path', true, '#e0a040', 0.5],
      ['Elsewhere', false, '#e0a040', 0.5],
      ['Script', false, '#e0a040', 0.5],
      ['Other study', false, '#e0a040', 0.5],
      ['Other study by path', false, '#e0a040', 0.5],
      ['Volume', false, '#e0a040', 0.5],
    ]);
    const byName = new Map(legacy?.items.map((i) => [i.name, i]));
    expect(byName.get('Aorta')?.readUrl).toMatch(/^\/api\/storage\/|^http/);
    expect(byName.get('Aorta')?.filename).toBe('aorta.stl');
    expect(byName.get('Other study')).toMatchObject({
      readUrl: null,
      filename: null,
      unavailable: LEGACY_NOT_OF_STUDY,
    });
    expect(byName.get('Volume')).toMatchObject({ readUrl: null, unavailable: LEGACY_NOT_A_MESH });
    expect(raw).not.toContain('evil.example');
    expect(raw).not.toContain('javascript:');
    expect(raw).not.toContain('background:url');
  });

  it('hides it from the clinician until a legacy order is delivered; staff see it while working', async () => {
    const working = await study([
      { service: Service.ANATOMICAL, status: OrderStatus.DELIVERED },
      { service: Service.LEGACY, status: OrderStatus.IN_PROGRESS },
    ]);
    await storeLegacy(working.studyId, hostileConfig(working, foreignMeshId));
    expect((await legacyOf('physician', working.studyId)).body.legacyResults).toBeNull();
    expect((await legacyOf('case-analyst', working.studyId)).body.legacyResults?.items).toHaveLength(8);
    await t.database.query(`UPDATE orders SET status = $2 WHERE case_id = $1 AND service = $3`, [
      working.caseId,
      OrderStatus.DELIVERED,
      Service.LEGACY,
    ]);
    expect((await legacyOf('physician', working.studyId)).body.legacyResults?.items).toHaveLength(8);
  });

  it('counts a delivered redo TAVI as a legacy order; a canceled legacy order never shows', async () => {
    const redo = await study([{ service: Service.REDO_TAVI, status: OrderStatus.DELIVERED }]);
    await storeLegacy(redo.studyId, hostileConfig(redo, foreignMeshId));
    expect((await legacyOf('physician', redo.studyId)).body.legacyResults).not.toBeNull();
    const canceled = await study(
      [
        { service: Service.ANATOMICAL, status: OrderStatus.DELIVERED },
        { service: Service.LEGACY, status: OrderStatus.CANCELED },
      ],
      CaseStatus.COMPLETED,
    );
    await storeLegacy(canceled.studyId, hostileConfig(canceled, foreignMeshId));
    expect((await legacyOf('physician', canceled.studyId)).body.legacyResults).toBeNull();
  });

  it('never draws the preliminary model for a clinician through a legacy reference', async () => {
    const own = await study(DELIVERED_LEGACY);
    await t.database.db.transaction((tx) =>
      storePreliminaryModel(tx, {
        studyId: own.studyId,
        objects: [
          {
            name: 'Aorta',
            filename: 'aorta.glb',
            mimeType: 'model/gltf-binary',
            storageKey: `analyses/preliminary-${own.studyId}.glb`,
            size: 10,
            color: '#d32f2f',
            opacity: 1,
            attributes: {},
          },
        ],
        results: [],
        sourceVersion: 'test',
      }),
    );
    const [preliminary] = await t.database.query<{ id: string }>(
      `SELECT r.id FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id
        WHERE a.study_id = $1 AND a.is_preliminary`,
      [own.studyId],
    );
    await storeLegacy(
      own.studyId,
      JSON.stringify({ scenes: [{ name: 'Pool', file: { analysisResourceId: preliminary?.id } }] }),
    );
    expect((await legacyOf('physician', own.studyId)).body.legacyResults?.items[0]?.unavailable).toBe(
      LEGACY_NOT_OF_STUDY,
    );
    expect((await legacyOf('case-analyst', own.studyId)).body.legacyResults?.items[0]?.unavailable).toBeNull();
  });

  it.each([
    ['a wrong shape', JSON.stringify({ scenes: 'all of them', comments: [42] })],
    ['not JSON', '{"scenes": ['],
  ])('warns instead of failing for a stored file of %s', async (_, content) => {
    const own = await study(DELIVERED_LEGACY);
    await storeLegacy(own.studyId, content);
    const { body } = await legacyOf('physician', own.studyId);
    expect(body.legacyResults).toMatchObject({ comments: [], items: [], warnings: [LEGACY_UNREADABLE] });
    expect(body.phases).toHaveLength(1);
  });

  it('gives the same results through case-viewer/, and answers 401 and 404 as the load does', async () => {
    const own = await study(DELIVERED_LEGACY);
    await storeLegacy(own.studyId, hostileConfig(own, foreignMeshId));
    const byCase = await call('physician', 'GET', `/api/case-viewer/${own.caseId}/`);
    expect((byCase.json() as ViewerLoad).legacyResults?.items).toHaveLength(8);
    expect((await load(null, own.studyId)).statusCode).toBe(401);
    expect((await load('other-physician', own.studyId)).statusCode).toBe(404);
  });
});
