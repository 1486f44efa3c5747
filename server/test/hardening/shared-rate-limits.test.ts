import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { queryOnPool } from '../../src/db/query.ts';
import { removeExpiredRateLimitRows } from '../../src/jobs/expired-rate-limits.ts';
import { FORGET_AFTER_MS, keyDigest } from '../../src/modules/rate-limits/index.ts';
import { databaseRateLimitStore } from '../../src/plugins/rate-limit-store.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/** Issue 22: several API instances on one database count sign-in attempts together. */
describe('rate limits shared by several instances', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    other = await buildApp({ config: t.config, database: t.database, mailer: t.mail, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const attempt = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/token/', remoteAddress, payload: { email, password } });

  it('answers 429 at the same total when attempts alternate between instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? t.app : other;
      statuses.push((await attempt(app, 'alternating@cardiomap.test', 'wrong-password-xx', '198.51.100.9')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('enforces on one instance the per-account delay set through the other', async () => {
    const email = 'physician@cardiomap.test';
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? t.app : other;
      expect((await attempt(app, email, 'wrong-password-xx', `192.0.2.${i + 30}`)).statusCode).toBe(401);
    }
    const right = await attempt(t.app, email, TEST_PASSWORD, '192.0.2.40');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps no client address or e-mail in clear in its tables', async () => {
    const rows = await t.database.query<Record<string, unknown>>(
      'SELECT key AS k FROM rate_limits UNION ALL SELECT account FROM sign_in_failures',
    );
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/@|198\.51\.100|192\.0\.2/);
    expect(rows.map((row) => row.k)).toContain(keyDigest('physician@cardiomap.test'));
  });
});

describe('database rate-limit store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('counts in a window, answers its ttl, starts again once it ended, and the sweep removes it', async () => {
    let now = Date.UTC(2026, 0, 1);
    const Store = databaseRateLimitStore(queryOnPool(database), () => now);
    const store = new Store().child({ routeInfo: { method: 'POST', url: '/api/x/' } });
    const hit = () =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(
          '203.0.113.5|someone@example.test',
          (error, result) => (error ? reject(error) : resolve(result!)),
          60_000,
        ),
      );
    expect(await hit()).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await hit()).toEqual({ current: 2, ttl: 50_000 });
    now += 50_000;
    expect(await hit()).toEqual({ current: 1, ttl: 60_000 });

    const query = queryOnPool(database);
    expect(await removeExpiredRateLimitRows(query, now + 59_000)).toBe(0);
    expect(await removeExpiredRateLimitRows(query, now + 60_000)).toBe(1);
    expect(await database.query('SELECT 1 FROM rate_limits')).toHaveLength(0);
  });

  it('sweeps sign-in failures once they are a day old', async () => {
    const now = Date.UTC(2026, 0, 1);
    await database.query(
      `INSERT INTO sign_in_failures (account, failures, blocked_until, last_failure) VALUES
       ('old', 9, $1, $1), ('recent', 9, $2, $2)`,
      [new Date(now - FORGET_AFTER_MS - 1).toISOString(), new Date(now - 1000).toISOString()],
    );
    expect(await removeExpiredRateLimitRows(queryOnPool(database), now)).toBe(1);
    expect(await database.query('SELECT account FROM sign_in_failures')).toEqual([{ account: 'recent' }]);
  });
});

describe('rate limits without a database', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('answers 503 with Retry-After, never skipping the limit, when the limiter cannot reach the database', async () => {
    t = await createTestApp();
    const query = t.database.query.bind(t.database);
    // Only the limiter's statements fail, so a 401 would mean the limit was skipped.
    t.database.query = ((text: string, ...rest: unknown[]) =>
      /rate_limits|sign_in_failures/.test(text)
        ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
        : (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest)) as Database['query'];
    for (const request of [
      { url: '/api/token/', payload: { email: 'physician@cardiomap.test', password: 'wrong-password-xx' } },
      { url: '/api/passwordreset/', payload: { email: 'physician@cardiomap.test' } },
    ]) {
      const res = await t.app.inject({ method: 'POST', ...request });
      expect(res.statusCode, request.url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    }
  });
});
