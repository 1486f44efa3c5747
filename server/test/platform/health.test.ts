import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/health/', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 200 while the process runs', async () => {
    t = await createTestApp({ seed: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  // Liveness never fails for a dependency (issue 27): restarting the process cures no outage; readiness
  // takes the instance out of the rotation instead (readiness.test.ts).
  it('stays 200 when storage cannot be written, while readiness answers 503', async () => {
    t = await createTestApp({ seed: false, env: { STORAGE_URL: 'file:///dev/null/objects' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready/' })).statusCode).toBe(503);
  });

  it('stays 200 without asking the database when it is unreachable, while readiness answers 503', async () => {
    t = await createTestApp({ seed: false });
    const original = t.database.query;
    let asked = 0;
    t.database.query = async () => {
      asked += 1;
      throw new Error('connection refused');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const livenessAsked = asked;
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    t.database.query = original;
    expect(res.statusCode).toBe(200);
    expect(livenessAsked).toBe(0);
    expect(ready.statusCode).toBe(503);
  });
});
