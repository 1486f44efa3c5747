import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const FREE = 3;
const WRONG = 'wrong-password-xx-long';

/**
 * Issue 27: anyone who knows an address could keep its owner out by a few wrong guesses an hour, since
 * the account's delay refuses the right password too. A browser that signed in before (its device
 * cookie) is counted on its own.
 */
describe('sign-in from a browser that signed in before', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: String(FREE) } });
  });
  afterAll(async () => t.close());

  const attempt = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });
  const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
    const header = res.headers['set-cookie'];
    return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  };
  /** The `cm_device=…` pair a sign-in answer set, ready for a Cookie header. */
  const deviceCookieOf = (res: { headers: Record<string, unknown> }): string => {
    const cookie = setCookies(res).find((c) => c.startsWith('cm_device='));
    if (!cookie) throw new Error('no device cookie set');
    return cookie.split(';')[0] ?? '';
  };
  /** Someone elsewhere guesses until the account must wait (the first delays are 2, 4, 8 s). */
  const lockOut = async (email: string) => {
    for (let i = 0; i < FREE + 3; i++) await attempt(email, WRONG, `203.0.113.${i + 1}`);
    const locked = await attempt(email, TEST_PASSWORD, '203.0.113.99');
    expect(locked.statusCode).toBe(429);
  };

  it('sets a signed, HttpOnly, Secure, SameSite=Strict device cookie for the sign-in routes on a sign-in', async () => {
    const res = await attempt('physician@cardiomap.test', TEST_PASSWORD, '192.0.2.1');
    expect(res.statusCode).toBe(200);
    const device = setCookies(res).find((c) => c.startsWith('cm_device='));
    expect(device).toMatch(/^cm_device=[0-9a-f-]{36}\.[\w-]{22}\.[\w-]{43}; /);
    expect(device).toContain('; Path=/api/token/; Max-Age=31536000; HttpOnly; Secure; SameSite=Strict');
    // The refresh cookie is still set on the same answer.
    expect(setCookies(res).some((c) => c.startsWith('cm_refresh='))).toBe(true);
    // A wrong password marks nothing.
    expect(setCookies(await attempt('physician@cardiomap.test', WRONG, '192.0.2.1'))).toEqual([]);
  });

  it('lets the owner’s browser in while others keep the account locked; other clients still wait', async () => {
    const email = 'case-manager@cardiomap.test';
    const owner = deviceCookieOf(await attempt(email, TEST_PASSWORD, '192.0.2.10'));
    await lockOut(email);

    const mine = await attempt(email, TEST_PASSWORD, '192.0.2.10', owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveProperty('access');
    // The owner's sign-in gives the guessers no fresh attempts: a browser without the cookie still waits.
    expect((await attempt(email, TEST_PASSWORD, '192.0.2.11')).statusCode).toBe(429);
  });

  it('does not let a forged cookie, another account’s cookie or a foreign key’s cookie through', async () => {
    const email = 'case-analyst@cardiomap.test';
    const owner = deviceCookieOf(await attempt(email, TEST_PASSWORD, '192.0.2.20'));
    const others = deviceCookieOf(await attempt('physician@cardiomap.test', TEST_PASSWORD, '192.0.2.21'));
    await lockOut(email);
    const [name, value = ''] = owner.split('=');
    const [userId, deviceId, mac = ''] = value.split('.');
    const forged = [
      `${name}=${userId}.${deviceId}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      `${name}=${userId}.${'A'.repeat(22)}.${mac}`,
      others,
      `${name}=${value}x`,
    ];
    // Each from an address of its own, so only the account's delay can refuse them.
    for (const [i, cookie] of forged.entries()) {
      expect((await attempt(email, TEST_PASSWORD, `192.0.2.${22 + i}`, cookie)).statusCode, cookie).toBe(429);
    }
    expect((await attempt(email, TEST_PASSWORD, '192.0.2.20', owner)).statusCode).toBe(200);
  });

  it('keeps a per-device limit: the browser’s own wrong passwords delay it', async () => {
    const email = 'customer-support@cardiomap.test';
    const owner = deviceCookieOf(await attempt(email, TEST_PASSWORD, '192.0.2.30'));
    // From changing addresses, so the per-address limit stays out of it.
    for (let i = 0; i < FREE + 1; i++) {
      expect((await attempt(email, WRONG, `192.0.2.${32 + i}`, owner)).statusCode).toBe(401);
    }
    const delayed = await attempt(email, TEST_PASSWORD, '192.0.2.30', owner);
    expect(delayed.statusCode).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(0);
    // Its failures are its own: a browser without the cookie is not delayed by them.
    expect((await attempt(email, TEST_PASSWORD, '192.0.2.31')).statusCode).toBe(200);
  });

  it('keeps the device id across sign-ins, and gives another account’s browser a new one', async () => {
    const first = deviceCookieOf(await attempt('venus-sales@cardiomap.test', TEST_PASSWORD, '192.0.2.40'));
    const again = deviceCookieOf(await attempt('venus-sales@cardiomap.test', TEST_PASSWORD, '192.0.2.40', first));
    expect(again.split('.')[1]).toBe(first.split('.')[1]);
    const switched = deviceCookieOf(await attempt('development@cardiomap.test', TEST_PASSWORD, '192.0.2.40', first));
    expect(switched.split('.')[1]).not.toBe(first.split('.')[1]);
  });
});
