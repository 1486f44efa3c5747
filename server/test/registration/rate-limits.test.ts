import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { outboxTo, register, registration, resend, STRONG_PASSWORD } from './registration-fixtures.ts';

const LIMIT = 3;

describe('rate limits on registration and new verification links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => t.close());

  it('caps one client address across accounts (spraying many addresses)', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < LIMIT; i++) {
      expect((await register(t, registration({ email: `spray${i}@example.org` }), ip)).statusCode).toBe(202);
    }
    const refused = await resend(t, { email: 'spray-next@example.org', password: STRONG_PASSWORD }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client address is not affected.
    expect((await register(t, registration({ email: 'elsewhere@example.org' }), '198.51.100.2')).statusCode).toBe(202);
  });

  it('caps one account across client addresses (flooding one inbox), registration and resend together', async () => {
    const email = 'flooded@example.org';
    const sent = async () => (await outboxTo(t, email)).length;
    expect((await register(t, registration({ email }), '203.0.113.1')).statusCode).toBe(202);
    expect((await resend(t, { email, password: STRONG_PASSWORD }, '203.0.113.2')).statusCode).toBe(202);
    expect((await register(t, registration({ email }), '203.0.113.3')).statusCode).toBe(202);
    const before = await sent();
    const refused = await register(t, registration({ email }), '203.0.113.4');
    expect(refused.statusCode).toBe(429);
    expect(await sent()).toBe(before);
    // The cap is per address typed: an unknown and a known account are capped alike.
    const known = 'physician@cardiomap.test';
    for (let i = 0; i < LIMIT; i++) {
      expect((await register(t, registration({ email: known }), `203.0.113.${10 + i}`)).statusCode).toBe(202);
    }
    expect((await register(t, registration({ email: known }), '203.0.113.20')).statusCode).toBe(429);
    // Another account, from the same client address, is not affected.
    expect((await register(t, registration({ email: 'unflooded@example.org' }), '203.0.113.20')).statusCode).toBe(202);
  });

  it('caps guessing at verification links per client address', async () => {
    const ip = '192.0.2.7';
    const answers: number[] = [];
    for (let i = 0; i < LIMIT * 3 + 1; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/emailverification/${'A'.repeat(16)}.${String(i).padStart(43, 'B')}/`,
        remoteAddress: ip,
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, LIMIT * 3).every((s) => s === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});
