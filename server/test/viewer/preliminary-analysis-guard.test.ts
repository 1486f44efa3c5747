import { CaseStatus, GeometryType, OrderStatus, ViewType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELIMINARY_ANALYSIS_FIXED } from '../../src/modules/analyses/index.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, insertAnalysis, insertStudy } from './analysis-fixtures.ts';

const undelivered = {
  status: CaseStatus.IN_PROGRESS,
  orders: [{ service: 0 as const, status: OrderStatus.IN_PROGRESS }],
};

/**
 * Spec §3 Analysis: the preliminary model is never delivered, so analyst work put there would miss the
 * delivery and the report. The server refuses it (409) and leaves nothing behind; the analyst's own
 * analysis of the same study takes it.
 */
describe("analyst work goes to an analyst's analysis", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);
  const studyWithPreliminary = async () => {
    const c = await insertCase(t, undelivered);
    const studyId = await insertStudy(t, c.id);
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO analyses (study_id, type, name, is_preliminary) VALUES ($1, 1, 'Preliminary 3D model', true) RETURNING id`,
      [studyId],
    );
    return { studyId, preliminaryId: row?.id as string };
  };
  const landmark = (analysisId: string) => ({
    analysisId,
    name: 'Custom distance',
    geometryType: GeometryType.DISTANCE,
    viewType: ViewType.CORONAL,
    points: [
      [1, 2, 3],
      [4, 6, 15],
    ],
  });
  const mesh = (analysisId: string) => ({ analysisId, type: 1, name: 'Aorta', filename: 'aorta.stl', size: 684 });
  const countIn = async (table: string, analysisId: string) =>
    Number(
      (
        await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE analysis_id = $1`, [
          analysisId,
        ])
      )[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'case-analyst']) tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
  });
  afterAll(async () => t.close());

  it('takes a landmark on the preliminary model (the API contract; the report shows every published one)', async () => {
    const { preliminaryId } = await studyWithPreliminary();
    const res = await call('case-analyst', 'POST', '/api/landmarks/', landmark(preliminaryId));
    expect(res.statusCode).toBe(201);
    expect(await countIn('landmarks', preliminaryId)).toBe(1);
  });

  it('refuses a mesh result or figure on the preliminary model with 409, writing nothing', async () => {
    const { preliminaryId } = await studyWithPreliminary();
    const res = await call('case-analyst', 'POST', '/api/analysis-resources/', mesh(preliminaryId));
    expect(res.statusCode).toBe(409);
    expect(JSON.stringify(res.json())).toContain(PRELIMINARY_ANALYSIS_FIXED);
    expect(await countIn('analysis_resources', preliminaryId)).toBe(0);
  });

  it('still answers 401, and 404 to a physician who may not see the undelivered analysis at all', async () => {
    const { preliminaryId } = await studyWithPreliminary();
    expect((await call(null, 'POST', '/api/landmarks/', landmark(preliminaryId))).statusCode).toBe(401);
    expect((await call('physician', 'POST', '/api/analysis-resources/', mesh(preliminaryId))).statusCode).toBe(404);
  });

  it("accepts both on the analyst's analysis of the same study", async () => {
    const { studyId } = await studyWithPreliminary();
    const analysisId = await insertAnalysis(t, studyId);
    expect((await call('case-analyst', 'POST', '/api/landmarks/', landmark(analysisId))).statusCode).toBe(201);
    expect((await call('case-analyst', 'POST', '/api/analysis-resources/', mesh(analysisId))).statusCode).toBe(201);
  });
});
