import { CaseStatus, GeometryType, OrderStatus, ViewType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, insertCase } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, insertAnalysis, insertStudy } from './analysis-fixtures.ts';

type Points = [number, number, number][];
const undelivered = {
  status: CaseStatus.IN_PROGRESS,
  orders: [{ service: 0 as const, status: OrderStatus.IN_PROGRESS }],
};
const email = (who: string) => `${who}@cardiomap.test`;
const CROSSES = { points: ['The outline crosses itself'] };

/** Issue 15 §3's bow-tie: the shoelace formula gave 30 mm² for the 41.4 mm² it encloses. */
const bowTie: Points = [
  [0, 0, 40],
  [10, 4, 40],
  [10, 0, 40],
  [0, 10, 40],
];
/** A 10 mm square with two points swapped, once refused as "on one line". */
const swappedSquare: Points = [
  [0, 0, 40],
  [10, 10, 40],
  [10, 0, 40],
  [0, 10, 40],
];
const square: Points = [
  [0, 0, 40],
  [10, 0, 40],
  [10, 10, 40],
  [0, 10, 40],
];

/** Landmark outlines (issue 15 §3): refused when they cross themselves, measured in their least-squares plane. */
describe('landmark geometry over the API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);
  const analysisOf = async () => {
    const c = await insertCase(t, undelivered);
    return { caseId: c.id, analysisId: await insertAnalysis(t, await insertStudy(t, c.id)) };
  };
  const outline = (analysisId: string, points: Points, geometryType: GeometryType = GeometryType.AREA) => ({
    analysisId,
    name: 'Outline',
    geometryType,
    viewType: ViewType.AXIAL,
    points,
  });
  const landmarksOf = async (analysisId: string) =>
    (await call('case-analyst', 'GET', `/api/landmarks/?analysis_id=${analysisId}`)).json().count;

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['case-analyst', 'other-physician']) tokens[who] = (await signIn(t, email(who))).access;
  });
  afterAll(async () => t.close());

  describe('POST /api/landmarks/', () => {
    it('requires authentication before looking at the points', async () => {
      const { analysisId } = await analysisOf();
      expect((await call(null, 'POST', '/api/landmarks/', outline(analysisId, bowTie))).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's analysis, whatever the points", async () => {
      const { analysisId } = await analysisOf();
      const res = await call('other-physician', 'POST', '/api/landmarks/', outline(analysisId, bowTie));
      expect(res.statusCode).toBe(404);
    });

    it.each([
      ['a bow-tie area', bowTie, GeometryType.AREA],
      ['a square with two points swapped', swappedSquare, GeometryType.AREA],
      ['a bow-tie closed curve', bowTie, GeometryType.CLOSED_CURVE],
    ] as [string, Points, GeometryType][])('refuses %s on its points, writing nothing', async (_, points, type) => {
      const { caseId, analysisId } = await analysisOf();
      const res = await call('case-analyst', 'POST', '/api/landmarks/', outline(analysisId, points, type));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(CROSSES);
      expect(await landmarksOf(analysisId)).toBe(0);
      expect((await auditActions(t, caseId)).map((a) => a.action)).not.toContain('landmark.create');
    });

    it('keeps the earlier reasons: too few points, points on one line', async () => {
      const { analysisId } = await analysisOf();
      const two = await call('case-analyst', 'POST', '/api/landmarks/', outline(analysisId, square.slice(0, 2)));
      expect(two.json()).toEqual({ points: ['An area needs at least 3 points.'] });
      const line = await call(
        'case-analyst',
        'POST',
        '/api/landmarks/',
        outline(analysisId, [
          [0, 0, 0],
          [5, 0, 0],
          [10, 0, 0],
        ]),
      );
      expect(line.json()).toEqual({ points: ['The points of an area must not all lie on one line.'] });
    });

    it('lets an open curve cross itself: a path may loop', async () => {
      const { analysisId } = await analysisOf();
      const res = await call(
        'case-analyst',
        'POST',
        '/api/landmarks/',
        outline(analysisId, bowTie, GeometryType.OPEN_CURVE),
      );
      expect(res.statusCode).toBe(201);
    });

    it('measures a flat square as before and reports 0 mm off its plane', async () => {
      const { analysisId } = await analysisOf();
      const res = await call('case-analyst', 'POST', '/api/landmarks/', outline(analysisId, square));
      expect(res.statusCode).toBe(201);
      const { measurements } = res.json();
      expect(measurements.area).toBeCloseTo(100, 9);
      expect(measurements.perimeter).toBeCloseTo(40, 9);
      expect(measurements.largestDistanceFromPlane).toBe(0);
    });

    it('measures points off one plane in their least-squares plane and says how far off they are', async () => {
      const { analysisId } = await analysisOf();
      const lifted: Points = [...square.slice(0, 3), [0, 10, 41]];
      const res = await call('case-analyst', 'POST', '/api/landmarks/', outline(analysisId, lifted));
      expect(res.statusCode).toBe(201);
      // The analytic least-squares fit of this square with a corner lifted 1 mm (domain plane-fit.test.ts).
      expect(res.json().measurements.largestDistanceFromPlane).toBeCloseTo(0.250618, 6);
      expect((await call('case-analyst', 'GET', `/api/landmarks/${res.json().id}/`)).json().measurements).toEqual(
        res.json().measurements,
      );
    });
  });

  describe('PATCH /api/landmarks/{id}/', () => {
    const created = async () => {
      const { analysisId } = await analysisOf();
      const res = await call('case-analyst', 'POST', '/api/landmarks/', outline(analysisId, square));
      return res.json() as { id: string; points: Points; measurements: Record<string, number> };
    };

    it('answers 401 and 404 before looking at the points', async () => {
      const { id } = await created();
      const url = `/api/landmarks/${id}/`;
      expect((await call(null, 'PATCH', url, { points: bowTie })).statusCode).toBe(401);
      expect((await call('other-physician', 'PATCH', url, { points: bowTie })).statusCode).toBe(404);
    });

    it('refuses moved points that cross, leaving the landmark as it was', async () => {
      const before = await created();
      const url = `/api/landmarks/${before.id}/`;
      const res = await call('case-analyst', 'PATCH', url, { points: swappedSquare, description: 'moved' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(CROSSES);
      const after = (await call('case-analyst', 'GET', url)).json();
      expect(after).toMatchObject({ points: before.points, measurements: before.measurements, description: '' });
    });

    it('accepts moved points that do not cross, with new measurements', async () => {
      const { id } = await created();
      const res = await call('case-analyst', 'PATCH', `/api/landmarks/${id}/`, {
        points: square.map(([x, y, z]) => [2 * x, y, z]),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().measurements.area).toBeCloseTo(200, 9);
    });
  });
});
