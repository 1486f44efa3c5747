import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MAILS_PER_HOUR } from '../../src/modules/registration/service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  lastVerificationKey,
  outboxTo,
  register,
  registration,
  resend,
  STRONG_PASSWORD,
  userRow,
  verify,
} from './registration-fixtures.ts';

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

  it('caps the mail to one address silently, whoever asks: every request gets the same answer', async () => {
    // Issue 27: a 429 per address typed let anyone block an address's registration for an hour.
    const email = 'flooded@example.org';
    const answers = [];
    for (let i = 0; i < REGISTRATION_MAILS_PER_HOUR + 2; i++) {
      answers.push(await register(t, registration({ email, givenName: `Try${i}` }), `203.0.113.${i + 1}`));
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(REGISTRATION_MAILS_PER_HOUR + 2).fill(202));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await outboxTo(t, email)).toHaveLength(REGISTRATION_MAILS_PER_HOUR);
    // Beyond the cap nothing is stored either: the last link mailed is still the one that works.
    expect((await verify(t, (await lastVerificationKey(t, email)) ?? '')).statusCode).toBe(200);
    expect((await userRow(t, email))?.givenName).toBe(`Try${REGISTRATION_MAILS_PER_HOUR - 1}`);
    // A new link counts against the same cap and is answered alike.
    const resent = await resend(t, { email, password: STRONG_PASSWORD }, '203.0.113.50');
    expect(resent.statusCode).toBe(202);
    // A known address is capped alike ("you already have an account" mails).
    const known = 'physician@cardiomap.test';
    const before = (await outboxTo(t, known)).length;
    for (let i = 0; i < REGISTRATION_MAILS_PER_HOUR + 2; i++) {
      expect((await register(t, registration({ email: known }), `203.0.113.${60 + i}`)).statusCode).toBe(202);
    }
    expect((await outboxTo(t, known)).length - before).toBe(REGISTRATION_MAILS_PER_HOUR);
    // Another address is not affected.
    expect((await register(t, registration({ email: 'unflooded@example.org' }), '203.0.113.90')).statusCode).toBe(202);
    expect(await outboxTo(t, 'unflooded@example.org')).toHaveLength(1);
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
