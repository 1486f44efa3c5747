import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiguresForReport, readFigurePng } from '../../src/modules/analyses/index.ts';
import { auditActions, insertCase } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { asciiStl, binaryStl, bytes, glb, TETRA_FACES, TETRA_POINTS } from '../imaging/mesh/mesh-samples.ts';
import { caller, insertAnalysis, insertStudy } from './analysis-fixtures.ts';
import { figureAttributes, tinyPng } from './result-files.ts';

const undelivered = {
  status: CaseStatus.IN_PROGRESS,
  orders: [{ service: 0 as const, status: OrderStatus.IN_PROGRESS }],
};
const delivered = { status: CaseStatus.IN_PROGRESS, orders: [{ service: 0 as const, status: OrderStatus.DELIVERED }] };

/** Issue 17 §2: mesh results and figures accepted only after the server read them; numeric results. */
describe('analysis results and figures', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);
  const analysisOf = async (facts: Parameters<typeof insertCase>[1] = undelivered) => {
    const c = await insertCase(t, facts);
    const studyId = await insertStudy(t, c.id);
    return { caseId: c.id, studyId, analysisId: await insertAnalysis(t, studyId) };
  };
  const put = (url: string, body: Uint8Array) => t.app.inject({ method: 'PUT', url, payload: Buffer.from(body) });
  const send = async (analysisId: string, file: Uint8Array, extra: Record<string, unknown> = {}) => {
    const created = await call('case-analyst', 'POST', '/api/analysis-resources/', {
      analysisId,
      type: 1,
      name: 'Aorta',
      filename: 'aorta.stl',
      size: file.length,
      ...extra,
    });
    expect(created.statusCode).toBe(201);
    await put(created.json().writeUrl, file);
    const confirmed = await call('case-analyst', 'GET', `/api/analysis-resources/${created.json().id}/confirm-upload/`);
    return { id: created.json().id as string, confirmed };
  };
  const objectKeysOf = async (analysisId: string) =>
    (
      await t.database.query<{ key: string }>(
        'SELECT storage_key AS key FROM analysis_resources WHERE analysis_id = $1',
        [analysisId],
      )
    ).map((r) => r.key);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  describe('mesh results', () => {
    it('puts an accepted STL named "Aorta" into the scene in its colour, with the viewer load', async () => {
      const { caseId, studyId, analysisId } = await analysisOf();
      const { confirmed } = await send(analysisId, binaryStl(), { attributes: { color: '#3366cc' } });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        uploadSuccessful: true,
        filename: 'aorta.glb',
        metadata: { mimeType: 'model/gltf-binary' },
        attributes: { color: '#3366cc', originalFilename: 'aorta.stl', triangles: 4, vertices: 4 },
      });
      const load = (await call('case-analyst', 'GET', `/api/study-viewer/${studyId}/`)).json();
      const objects = load.config.visualisations.flatMap((v: { objects: unknown[] }) => v.objects);
      expect(objects).toEqual([
        expect.objectContaining({
          name: 'Aorta',
          color: '#3366cc',
          filename: 'aorta.glb',
          readUrl: expect.any(String),
        }),
      ]);
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis-resource.confirm');
    });

    it.each([
      ['ASCII STL', 'aorta.stl', bytes(asciiStl())],
      ['GLB', 'laa.glb', glb()],
      ['OBJ', 'atrium.obj', bytes(`${TETRA_POINTS.map((p) => `v ${p.join(' ')}`).join('\n')}\nf 1 3 2\nf 1 2 4\n`)],
    ])('accepts a %s', async (_, filename, file) => {
      const { analysisId } = await analysisOf();
      const { confirmed } = await send(analysisId, file, { filename });
      expect(confirmed.json()).toMatchObject({ uploadSuccessful: true });
    });

    it.each([
      ['a truncated STL', binaryStl().subarray(0, 120), /truncated/],
      ['an STL declaring four billion triangles', binaryStl(TETRA_FACES, TETRA_POINTS, 0xfffffff0), /more than/],
      ['an STL with NaN vertices', binaryStl(TETRA_FACES, [[Number.NaN, 0, 0], ...TETRA_POINTS.slice(1)]), /finite/],
      ['a PNG named .stl', tinyPng(), /STL/],
    ])('refuses %s with a clear 400 and leaves no row and no object', async (_, file, message) => {
      const { caseId, analysisId } = await analysisOf();
      const { id, confirmed } = await send(analysisId, file);
      expect(confirmed.statusCode).toBe(400);
      expect(confirmed.json().nonFieldErrors[0]).toMatch(message);
      expect(await objectKeysOf(analysisId)).toEqual([]);
      expect((await call('case-analyst', 'GET', `/api/analysis-resources/${id}/`)).statusCode).toBe(404);
      expect(await t.app.storage.head(`analyses/${analysisId}/resources/${id}`)).toBeNull();
      expect(await t.app.storage.head(`analyses/${analysisId}/resources/${id}.glb`)).toBeNull();
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis-resource.refuse');
    });

    it('refuses a GLB whose buffer claims an absurd length (zip-bomb-like)', async () => {
      const { analysisId } = await analysisOf();
      const hostile = glb((json) => {
        json.buffers[0].byteLength = 3_000_000_000;
      });
      const { confirmed } = await send(analysisId, hostile, { filename: 'laa.glb' });
      expect(confirmed.statusCode).toBe(400);
      expect(confirmed.json().nonFieldErrors[0]).toMatch(/declares 3000000000 bytes/);
      expect(await objectKeysOf(analysisId)).toEqual([]);
    });

    it('answers 400 for a format it cannot read, a file over 200 MB or a bad colour', async () => {
      const { analysisId } = await analysisOf();
      const res = await call('case-analyst', 'POST', '/api/analysis-resources/', {
        analysisId,
        type: 1,
        name: 'Aorta',
        filename: 'aorta.zip',
        size: 300 * 1024 * 1024,
        attributes: { color: 'red' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        filename: ['Choose an STL, PLY, OBJ, glTF, GLB or VTP file.'],
        size: ['The file is too large: at most 200 MB.'],
      });
      const colour = await call('case-analyst', 'POST', '/api/analysis-resources/', {
        analysisId,
        type: 1,
        name: 'Aorta',
        filename: 'aorta.stl',
        attributes: { color: 'red' },
      });
      expect(colour.json()).toEqual({ attributes: { color: ['Enter a colour as #rrggbb.'] } });
    });

    it('takes a file above 32 MB in parts, assembles and parses it on confirmation', async () => {
      const { analysisId } = await analysisOf();
      const triangles = 700_000; // about 35 MB
      const file = binaryStl(Array.from({ length: triangles }, () => TETRA_FACES[0]!));
      const created = (
        await call('case-analyst', 'POST', '/api/analysis-resources/', {
          analysisId,
          type: 1,
          name: 'Atrium',
          filename: 'atrium.stl',
          size: file.length,
        })
      ).json();
      expect(created.parts.urls).toHaveLength(3);
      const { partSize, urls } = created.parts as { partSize: number; urls: string[] };
      for (const [i, url] of urls.entries()) {
        expect((await put(url, file.subarray(i * partSize, (i + 1) * partSize))).statusCode).toBe(200);
      }
      const confirmed = await call('case-analyst', 'GET', `/api/analysis-resources/${created.id}/confirm-upload/`);
      expect(confirmed.json()).toMatchObject({ uploadSuccessful: true, attributes: { triangles, vertices: 3 } });
    });

    it('hands out parts for a file above 32 MB, as for case images', async () => {
      const { analysisId } = await analysisOf();
      const res = await call('case-analyst', 'POST', '/api/analysis-resources/', {
        analysisId,
        type: 1,
        name: 'Aorta',
        filename: 'aorta.stl',
        size: 40 * 1024 * 1024,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().parts).toMatchObject({
        partSize: 16 * 1024 * 1024,
        urls: [expect.any(String), expect.any(String), expect.any(String)],
      });
      const small = await call('case-analyst', 'POST', '/api/analysis-resources/', {
        analysisId,
        type: 1,
        name: 'Aorta',
        filename: 'aorta.stl',
        size: 1000,
      });
      expect(small.json().parts).toBeNull();
    });
  });

  describe('figures', () => {
    const registerFigure = (who: string | null, analysisId: string, extra: Record<string, unknown> = {}) =>
      call(who, 'POST', '/api/analysis-resources/', {
        analysisId,
        type: 2,
        name: 'Figure',
        filename: 'figure.png',
        metadata: { mimeType: 'image/png' },
        attributes: figureAttributes(),
        ...extra,
      });

    it('answers 401, 404 for another organisation, 403 without permission, 400 with field messages', async () => {
      const { analysisId } = await analysisOf(delivered);
      expect((await registerFigure(null, analysisId)).statusCode).toBe(401);
      expect((await registerFigure('other-physician', analysisId)).statusCode).toBe(404);
      expect((await registerFigure('physician', analysisId)).statusCode).toBe(403);
      const bad = await registerFigure('case-analyst', analysisId, {
        filename: 'figure.jpg',
        attributes: {
          caption: '',
          view: 'oblique',
          camera: { position: [0, 0], focalPoint: [0, 0, 0], viewUp: [0, 1, 0] },
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ filename: ['A figure is a PNG image (.png).'] });
      const badAttributes = await registerFigure('case-analyst', analysisId, {
        attributes: {
          caption: '',
          view: 'oblique',
          camera: { position: [0, 0], focalPoint: [0, 0, 0], viewUp: [0, 1, 0] },
        },
      });
      expect(badAttributes.json()).toMatchObject({
        attributes: {
          caption: ['This field is required'],
          view: ['Choose axial, coronal, sagittal or 3d.'],
          camera: { position: [expect.any(String)] },
        },
      });
    });

    it('accepts a PNG with its caption and camera, and lists it for the report', async () => {
      const { studyId, analysisId } = await analysisOf(delivered);
      const created = (await registerFigure('case-analyst', analysisId)).json();
      await put(created.writeUrl, tinyPng(4, 3));
      const confirmed = await call('case-analyst', 'GET', `/api/analysis-resources/${created.id}/confirm-upload/`);
      expect(confirmed.json()).toMatchObject({
        uploadSuccessful: true,
        attributes: { caption: 'Annulus plane', view: 'axial' },
      });
      const seen = (await call('physician', 'GET', `/api/analysis-resources/?study_id=${studyId}&type=2`)).json();
      expect(seen.results.map((r: { id: string }) => r.id)).toEqual([created.id]);
      const report = await listFiguresForReport(t.database.db, studyId);
      expect(report).toEqual([
        expect.objectContaining({
          id: created.id,
          caption: 'Annulus plane',
          view: 'axial',
          camera: figureAttributes().camera,
          createdAt: expect.any(String),
        }),
      ]);
      expect((await readFigurePng(t.app.storage, report[0]!.storageKey)).equals(tinyPng(4, 3))).toBe(true);
    });

    it.each([
      ['a file that is not a PNG', Buffer.from('GIF89a'.padEnd(100, 'x')), /not a PNG/],
      ['a PNG wider than 8192 pixels', tinyPng(9000, 1), /between 1 and 8192/],
      ['a truncated PNG', tinyPng().subarray(0, 50), /truncated/],
    ])('refuses %s and leaves nothing behind', async (_, file, message) => {
      const { analysisId } = await analysisOf(delivered);
      const created = (await registerFigure('case-analyst', analysisId)).json();
      await put(created.writeUrl, file);
      const res = await call('case-analyst', 'GET', `/api/analysis-resources/${created.id}/confirm-upload/`);
      expect(res.statusCode).toBe(400);
      expect(res.json().nonFieldErrors[0]).toMatch(message);
      expect(await objectKeysOf(analysisId)).toEqual([]);
      expect(await t.app.storage.head(`analyses/${analysisId}/resources/${created.id}`)).toBeNull();
    });
  });

  describe('PATCH /api/analyses/{id}/', () => {
    const results = [
      { name: 'Annulus perimeter', value: 75.4, unit: 'mm' },
      { name: 'LAA ostium', value: 21, unit: 'mm' },
    ];

    it('answers 401, 400 with field messages, 404 for another organisation and 403 without permission', async () => {
      const { analysisId } = await analysisOf(delivered);
      const url = `/api/analyses/${analysisId}/`;
      expect((await call(null, 'PATCH', url, { results })).statusCode).toBe(401);
      const bad = await call('case-analyst', 'PATCH', url, { results: [{ name: '', value: Number.NaN }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ results: { 0: { name: ['This field is required'] } } });
      expect((await call('other-physician', 'PATCH', url, { results })).statusCode).toBe(404);
      expect((await call('physician', 'PATCH', url, { results })).statusCode).toBe(403);
    });

    it("sets the analysis's results, which the viewer's Details tab shows", async () => {
      const { caseId, studyId, analysisId } = await analysisOf();
      const res = await call('case-analyst', 'PATCH', `/api/analyses/${analysisId}/`, { results });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual(results);
      const load = (await call('case-analyst', 'GET', `/api/study-viewer/${studyId}/`)).json();
      expect(load.analysisResults).toEqual(results.map((r) => ({ analysisId, ...r })));
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis.results');
    });

    it("refuses to change the preliminary model's results (409)", async () => {
      const { studyId } = await analysisOf();
      const [row] = await t.database.query<{ id: string }>(
        `INSERT INTO analyses (study_id, type, name, is_preliminary) VALUES ($1, 1, 'Preliminary 3D model', true) RETURNING id`,
        [studyId],
      );
      expect((await call('case-analyst', 'PATCH', `/api/analyses/${row?.id}/`, { results })).statusCode).toBe(409);
    });
  });

  describe('the preliminary blood pool in the Details tab', () => {
    const withPreliminary = async (facts: Parameters<typeof insertCase>[1], ml: number) => {
      const { studyId, analysisId } = await analysisOf(facts);
      await t.database.query(
        `INSERT INTO analyses (study_id, type, name, is_preliminary, results)
         VALUES ($1, 1, 'Preliminary 3D model', true, $2::jsonb)`,
        [studyId, JSON.stringify([{ name: 'Blood pool volume (preliminary)', value: ml, unit: 'ml' }])],
      );
      await call('case-analyst', 'PATCH', `/api/analyses/${analysisId}/`, {
        results: [{ name: 'Annulus perimeter', value: 75, unit: 'mm' }],
      });
      const load = (await call('case-analyst', 'GET', `/api/study-viewer/${studyId}/`)).json();
      // Which results are shown matters here, not the order of the two analyses they come from.
      return load.analysisResults.map((r: { name: string }) => r.name).sort();
    };

    it('shows a plausible preliminary volume only while nothing is delivered, never an implausible one', async () => {
      expect(await withPreliminary(undelivered, 420)).toEqual(['Annulus perimeter', 'Blood pool volume (preliminary)']);
      expect(await withPreliminary(undelivered, 2297)).toEqual(['Annulus perimeter']);
      expect(await withPreliminary(delivered, 420)).toEqual(['Annulus perimeter']);
    });
  });
});
