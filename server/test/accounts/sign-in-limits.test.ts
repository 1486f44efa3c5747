import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { queryOnPool } from '../../src/db/query.ts';
import { FORGET_AFTER_MS, MAX_DELAY_SECONDS, SignInThrottle } from '../../src/modules/rate-limits/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/** Issue 22: the sign-in limits hold whatever a client puts in X-Forwarded-For or however many hosts it has. */
describe('sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(async () => t.close());

  const attempt = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/token/', remoteAddress, headers, payload: { email, password } });

  it('is not bypassed by a new X-Forwarded-For value per attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await attempt('physician@cardiomap.test', 'wrong-password-xx', '198.51.100.1', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429, 429, 429]);
  });

  it('locks an account after AUTH_RATE_LIMIT failures from any addresses; the right password waits too', async () => {
    const email = 'case-manager@cardiomap.test';
    for (let i = 0; i < 3; i++) {
      expect((await attempt(email, 'wrong-password-xx', `192.0.2.${i + 10}`)).statusCode).toBe(401);
    }
    // The fourth failure starts a delay of 2 s.
    expect((await attempt(email, 'wrong-password-xx', '192.0.2.20')).statusCode).toBe(401);
    const right = await attempt(email, TEST_PASSWORD, '192.0.2.21');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(right.json().code).toBe('throttled');
  });

  it('caps one address across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 33; i++) {
      statuses.push((await attempt(`nobody-${i}@cardiomap.test`, 'wrong-password-xx', '198.51.100.77')).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
  });
});

describe('SignInThrottle', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('doubles the delay after the free failures, caps it at 15 minutes and forgets it on success', async () => {
    let now = Date.UTC(2026, 0, 1);
    const throttle = new SignInThrottle(queryOnPool(database), 3, () => now);
    for (let i = 0; i < 3; i++) await throttle.failed('a');
    expect(await throttle.retryAfter('a')).toBe(0);
    const delays: number[] = [];
    for (let i = 0; i < 33; i++) {
      await throttle.failed('a');
      const wait = await throttle.retryAfter('a');
      delays.push(wait);
      now += wait * 1000;
      expect(await throttle.retryAfter('a')).toBe(0);
    }
    expect(delays.slice(0, 4)).toEqual([2, 4, 8, 16]);
    expect(Math.max(...delays)).toBe(MAX_DELAY_SECONDS);
    expect(await throttle.retryAfter('b')).toBe(0);
    await throttle.succeeded('a');
    await throttle.failed('a');
    expect(await throttle.retryAfter('a')).toBe(0);
  });

  it('forgets failures a day old: the next one counts as the first', async () => {
    let now = Date.UTC(2026, 0, 1);
    const throttle = new SignInThrottle(queryOnPool(database), 1, () => now);
    await throttle.failed('c');
    await throttle.failed('c');
    expect(await throttle.retryAfter('c')).toBe(2);
    now += FORGET_AFTER_MS + 1;
    await throttle.failed('c');
    expect(await throttle.retryAfter('c')).toBe(0);
  });
});
