import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, insertCase } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { binaryStl } from '../imaging/mesh/mesh-samples.ts';
import { caller, insertAnalysis, insertStudy } from './analysis-fixtures.ts';
import { figureAttributes, tinyPng } from './result-files.ts';

const delivered = { status: CaseStatus.IN_PROGRESS, orders: [{ service: 0 as const, status: OrderStatus.DELIVERED }] };
const undelivered = {
  status: CaseStatus.IN_PROGRESS,
  orders: [{ service: 0 as const, status: OrderStatus.IN_PROGRESS }],
};

/** analysis-resources/ (spec §7): signed upload, confirmation, paged reads, attributes, removal with the file. */
describe('analysis resources API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);
  const analysisOf = async (facts: Parameters<typeof insertCase>[1] = delivered) => {
    const c = await insertCase(t, facts);
    const studyId = await insertStudy(t, c.id);
    return { caseId: c.id, studyId, analysisId: await insertAnalysis(t, studyId) };
  };
  const register = (who: string | null, analysisId: string, extra: Record<string, unknown> = {}) =>
    call(who, 'POST', '/api/analysis-resources/', {
      analysisId,
      type: 1,
      name: 'Aorta',
      filename: 'aorta.stl',
      metadata: { mimeType: 'model/stl' },
      ...extra,
    });
  const put = (url: string, body: string | Uint8Array) =>
    t.app.inject({ method: 'PUT', url, payload: Buffer.from(body) });
  const stl = binaryStl();
  /** A resource whose file arrived and was confirmed, as the analyst leaves it. */
  const uploaded = async (analysisId: string, extra: Record<string, unknown> = {}) => {
    const created = (await register('case-analyst', analysisId, extra)).json();
    await put(created.writeUrl, extra.type === 2 ? tinyPng() : stl);
    return (await call('case-analyst', 'GET', `/api/analysis-resources/${created.id}/confirm-upload/`)).json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  describe('POST /api/analysis-resources/', () => {
    it('answers 401, 400 with field messages, 404 and 403', async () => {
      const { analysisId } = await analysisOf();
      expect((await register(null, analysisId)).statusCode).toBe(401);
      const bad = await call('case-analyst', 'POST', '/api/analysis-resources/', { analysisId, type: 7, name: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        type: ['Choose a resource type (1–4).'],
        name: ['This field is required'],
        filename: ['This field is required'],
      });
      expect((await register('other-physician', analysisId)).statusCode).toBe(404);
      expect((await register('physician', analysisId)).statusCode).toBe(403);
    });

    it('refuses an undelivered analysis to those who may not see it (404) and a canceled case (409)', async () => {
      const pending = await analysisOf(undelivered);
      expect((await register('physician', pending.analysisId)).statusCode).toBe(404);
      const canceled = await analysisOf({ status: CaseStatus.CANCELED });
      expect((await register('case-analyst', canceled.analysisId)).statusCode).toBe(409);
    });

    it('answers a signed write URL; the storage key is made of ids, never of the file name', async () => {
      const { caseId, analysisId } = await analysisOf(undelivered);
      const res = await register('case-analyst', analysisId, { filename: '../../etc/passwd.stl' });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ analysisId, filename: 'passwd.stl', uploadSuccessful: false, readUrl: null });
      expect(created.writeUrl).toMatch(/^(\/|https?:)/);
      const [row] = await t.database.query<{ key: string }>(
        'SELECT storage_key AS key FROM analysis_resources WHERE id = $1',
        [created.id],
      );
      expect(row?.key).toBe(`analyses/${analysisId}/resources/${created.id}`);
      expect((await put(created.writeUrl, stl)).statusCode).toBe(200);
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis-resource.create');
    });
  });

  describe('GET /api/analysis-resources/{id}/confirm-upload/', () => {
    it('answers 401, 404 and 403', async () => {
      const { analysisId } = await analysisOf();
      const created = (await register('case-analyst', analysisId)).json();
      const url = `/api/analysis-resources/${created.id}/confirm-upload/`;
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call('other-physician', 'GET', url)).statusCode).toBe(404);
      expect((await call('physician', 'GET', url)).statusCode).toBe(403);
    });

    it('stays unsuccessful while nothing (or nothing but an empty file) arrived, then marks it uploaded', async () => {
      const { caseId, analysisId } = await analysisOf(undelivered);
      const created = (await register('case-analyst', analysisId)).json();
      const url = `/api/analysis-resources/${created.id}/confirm-upload/`;
      expect((await call('case-analyst', 'GET', url)).json()).toMatchObject({ uploadSuccessful: false, readUrl: null });
      await put(created.writeUrl, '');
      expect((await call('case-analyst', 'GET', url)).json().uploadSuccessful).toBe(false);
      await put(created.writeUrl, stl);
      const confirmed = (await call('case-analyst', 'GET', url)).json();
      // The mesh was parsed and is kept as GLB, the scene's one format.
      expect(confirmed).toMatchObject({ uploadSuccessful: true, filename: 'aorta.glb' });
      const stored = await t.app.inject({ method: 'GET', url: confirmed.readUrl });
      expect(stored.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis-resource.confirm');
    });
  });

  describe('GET /api/analysis-resources/', () => {
    it('answers 401, 400 without analysis_id or study_id, 404 for a hidden analysis', async () => {
      const { analysisId } = await analysisOf();
      expect((await call(null, 'GET', `/api/analysis-resources/?analysis_id=${analysisId}`)).statusCode).toBe(401);
      const res = await call('physician', 'GET', '/api/analysis-resources/');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ nonFieldErrors: ['Give analysis_id or study_id.'] });
      expect(
        (await call('other-physician', 'GET', `/api/analysis-resources/?analysis_id=${analysisId}`)).statusCode,
      ).toBe(404);
      const pending = await analysisOf(undelivered);
      expect(
        (await call('physician', 'GET', `/api/analysis-resources/?analysis_id=${pending.analysisId}`)).statusCode,
      ).toBe(404);
      expect(
        (await call('physician', 'GET', `/api/analysis-resources/?study_id=${pending.studyId}`)).json().count,
      ).toBe(0);
    });

    it('pages by analysis or study and filters by type', async () => {
      const { studyId, analysisId } = await analysisOf();
      const mesh = await uploaded(analysisId);
      const figure = await uploaded(analysisId, {
        type: 2,
        name: 'Annulus figure',
        filename: 'annulus.png',
        attributes: figureAttributes(),
      });
      const byAnalysis = (await call('physician', 'GET', `/api/analysis-resources/?analysis_id=${analysisId}`)).json();
      expect(byAnalysis.results.map((r: { id: string }) => r.id)).toEqual([mesh.id, figure.id]);
      const images = (await call('physician', 'GET', `/api/analysis-resources/?study_id=${studyId}&type=2`)).json();
      expect(images).toMatchObject({ count: 1, results: [{ id: figure.id, type: 2 }] });
      const paged = (
        await call('physician', 'GET', `/api/analysis-resources/?analysis_id=${analysisId}&page_size=1&page=2`)
      ).json();
      expect(paged).toMatchObject({ count: 2, next: null, results: [{ id: figure.id }] });
    });
  });

  describe('GET /api/analysis-resources/{id}/', () => {
    it('answers 401 and 404, a readUrl only once uploaded, naming the file with download=true', async () => {
      const { analysisId } = await analysisOf();
      const pendingFile = (await register('case-analyst', analysisId)).json();
      expect((await call(null, 'GET', `/api/analysis-resources/${pendingFile.id}/`)).statusCode).toBe(401);
      expect((await call('other-physician', 'GET', `/api/analysis-resources/${pendingFile.id}/`)).statusCode).toBe(404);
      expect((await call('physician', 'GET', `/api/analysis-resources/${pendingFile.id}/`)).json().readUrl).toBeNull();

      const done = await uploaded(analysisId);
      const inline = (await call('physician', 'GET', `/api/analysis-resources/${done.id}/`)).json();
      const inlineBytes = await t.app.inject({ method: 'GET', url: inline.readUrl });
      expect(inlineBytes.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
      expect(inlineBytes.headers['content-disposition'] ?? '').not.toContain('aorta.glb');
      const download = (await call('physician', 'GET', `/api/analysis-resources/${done.id}/?download=true`)).json();
      const downloaded = await t.app.inject({ method: 'GET', url: download.readUrl });
      expect(downloaded.headers['content-disposition']).toContain('attachment');
      expect(downloaded.headers['content-disposition']).toContain('aorta.glb');
    });
  });

  describe('PATCH /api/analysis-resources/{id}/attributes/', () => {
    it('answers 401, 400, 404, 403 and replaces the attributes', async () => {
      const { caseId, analysisId } = await analysisOf();
      const done = await uploaded(analysisId, { attributes: { color: '#ff0000', opacity: 1 } });
      const url = `/api/analysis-resources/${done.id}/attributes/`;
      const body = { attributes: { color: '#00ff00' } };
      expect((await call(null, 'PATCH', url, body)).statusCode).toBe(401);
      expect((await call('case-analyst', 'PATCH', url, {})).json()).toMatchObject({ attributes: [expect.any(String)] });
      expect((await call('other-physician', 'PATCH', url, body)).statusCode).toBe(404);
      expect((await call('physician', 'PATCH', url, body)).statusCode).toBe(403);
      const res = await call('case-analyst', 'PATCH', url, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().attributes).toEqual({ color: '#00ff00' });
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis-resource.attributes');
    });
  });

  describe('DELETE /api/analysis-resources/{id}/', () => {
    it('answers 401, 404, 403, then removes the row and its file', async () => {
      const { caseId, analysisId } = await analysisOf();
      const done = await uploaded(analysisId);
      const url = `/api/analysis-resources/${done.id}/`;
      const [row] = await t.database.query<{ key: string }>(
        'SELECT storage_key AS key FROM analysis_resources WHERE id = $1',
        [done.id],
      );
      expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
      expect((await call('other-physician', 'DELETE', url)).statusCode).toBe(404);
      expect((await call('physician', 'DELETE', url)).statusCode).toBe(403);
      expect((await call('case-analyst', 'DELETE', url)).statusCode).toBe(204);
      expect((await call('case-analyst', 'GET', url)).statusCode).toBe(404);
      expect(await t.app.storage.head(row?.key ?? '')).toBeNull();
      expect((await auditActions(t, caseId)).map((a) => a.action)).toContain('analysis-resource.delete');
    });
  });
});
