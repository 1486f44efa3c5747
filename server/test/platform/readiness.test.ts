import { afterEach, describe, expect, it } from 'vitest';
import { READINESS_PROBE_TIMEOUT_MS } from '../../src/modules/health/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 22 §1: readiness names the database and storage apart from liveness, and never hangs. */
describe('GET /api/health/ready/', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('answers 200 with each component ok when the database answers and storage takes a write', async () => {
    t = await createTestApp({ seed: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      status: 'ready',
      checks: { database: { status: 'ok' }, storage: { status: 'ok' } },
    });
    // No token (an orchestrator calls it), and no rate limit as on sign-in.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t!.app.inject({ method: 'GET', url: '/api/health/ready/' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
  });

  it('answers 503 naming the database when it hangs, within its probe time, while liveness still answers', async () => {
    t = await createTestApp({ seed: false });
    t.database.query = () => new Promise(() => undefined);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: { status: 'timeout', ms: READINESS_PROBE_TIMEOUT_MS }, storage: { status: 'ok' } },
    });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(live.statusCode).toBe(200);
  });

  it('answers 503 naming the database when it is gone', async () => {
    t = await createTestApp({ seed: false });
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: { status: 'unavailable' }, storage: { status: 'ok' } },
    });
  });

  it('answers 503 naming the storage when it cannot be written', async () => {
    t = await createTestApp({ seed: false, env: { STORAGE_URL: 'file:///dev/null/objects' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: { status: 'ok' }, storage: { status: 'unavailable' } },
    });
  });

  it('answers 503 naming the storage when it hangs', async () => {
    t = await createTestApp({ seed: false });
    t.app.storage.write = () => new Promise(() => undefined);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { database: { status: 'ok' }, storage: { status: 'timeout' } } });
  });
});
