import { afterEach, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 22 §1: a hung or lost database answers 503 with Retry-After, and health never hangs. */
describe('database unavailable', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('GET /api/health/ answers 200 at once when the database hangs, instead of hanging too', async () => {
    t = await createTestApp({ seed: false });
    t.database.query = () => new Promise(() => undefined);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers 503 with Retry-After, not 500, when the database is gone', async () => {
    t = await createTestApp();
    const { access } = await signIn(t, 'physician@cardiomap.test');
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/cases/', headers: bearer(access) });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      detail: 'The service is temporarily unavailable. Please try again shortly.',
      code: 'unavailable',
    });
  });
});
