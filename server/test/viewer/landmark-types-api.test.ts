import { GeometryType, ViewType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/db/seed/reference.ts';
import { interventionId } from '../cases/case-fixtures.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller } from './analysis-fixtures.ts';

/** landmark-types/ (spec §7): the seeded predefined landmarks with colour and order. */
describe('GET /api/landmark-types/', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = caller(() => t, tokens);

  beforeAll(async () => {
    t = await createTestApp();
    tokens.physician = (await signIn(t, 'physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it('requires authentication and a valid intervention_id', async () => {
    expect((await call(null, 'GET', '/api/landmark-types/')).statusCode).toBe(401);
    const res = await call('physician', 'GET', '/api/landmark-types/?intervention_id=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ intervention_id: ['Must be a valid UUID.'] });
  });

  it("lists an intervention's types in order, with geometry, pane and colour", async () => {
    const tavi = await interventionId(t, 'TAVI');
    const res = (await call('physician', 'GET', `/api/landmark-types/?intervention_id=${tavi}&page_size=50`)).json();
    expect(res.count).toBe(10);
    const names = res.results.map((type: { name: string }) => type.name);
    expect(names.slice(0, 2)).toEqual(['Annulus', 'LVOT']);
    expect(res.results[0]).toMatchObject({
      kind: 0,
      geometryType: GeometryType.CLOSED_CURVE,
      viewType: ViewType.AXIAL,
      interventionId: tavi,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const orders = res.results.map((type: { order: number }) => type.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(
      res.results.filter((type: { kind: number }) => type.kind === 1).map((x: { name: string }) => x.name),
    ).toEqual(['Left femoral minimal diameter', 'Right femoral minimal diameter']);
    const laao = await interventionId(t, 'LAAO');
    const laaoTypes = (await call('physician', 'GET', `/api/landmark-types/?intervention_id=${laao}`)).json();
    expect(laaoTypes.results.map((type: { name: string }) => type.name)).toEqual([
      'LAA ostium',
      'Landing zone',
      'LAA depth',
    ]);
  });

  it('stays the same when the reference data is seeded again', async () => {
    const before = (await call('physician', 'GET', '/api/landmark-types/?page_size=100')).json();
    await seedReferenceData(t.database.db);
    const after = (await call('physician', 'GET', '/api/landmark-types/?page_size=100')).json();
    expect(after.count).toBe(13);
    expect(after.results).toEqual(before.results);
  });
});
