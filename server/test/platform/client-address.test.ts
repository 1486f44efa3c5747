import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/** Issue 22: the client address comes from the socket unless a TRUSTED_PROXIES peer forwarded it. */
const lastAuditIp = async (t: TestApp, email: string) => {
  const rows = await t.database.query<{ ip: string | null }>(
    `SELECT e.ip FROM audit_events e JOIN users u ON u.id = e.actor_id
      WHERE u.email = $1 AND e.action = 'auth.sign_in_failed' ORDER BY e.at DESC LIMIT 1`,
    [email],
  );
  return rows[0]?.ip;
};

const wrongSignIn = (t: TestApp, email: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/',
    remoteAddress,
    headers,
    payload: { email, password: 'not-the-password-at-all' },
  });

describe('client address without trusted proxies (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For and records the socket address', async () => {
    const res = await wrongSignIn(t, 'physician@cardiomap.test', { 'x-forwarded-for': '203.0.113.9' }, '198.51.100.4');
    expect(res.statusCode).toBe(401);
    expect(await lastAuditIp(t, 'physician@cardiomap.test')).toBe('198.51.100.4');
  });
});

describe('client address behind a trusted proxy', () => {
  let t: TestApp;
  let access = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' } });
    access = (await signIn(t, 'physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it('takes the client from X-Forwarded-For when the peer is a trusted proxy', async () => {
    await wrongSignIn(t, 'case-manager@cardiomap.test', { 'x-forwarded-for': '203.0.113.7, 10.1.2.3' }, '10.0.0.5');
    expect(await lastAuditIp(t, 'case-manager@cardiomap.test')).toBe('203.0.113.7');
  });

  it('records an IPv6 address without its zone id, however long the zone (issue 27: was a 500)', async () => {
    const zone = 'z'.repeat(300);
    const res = await wrongSignIn(
      t,
      'case-analyst@cardiomap.test',
      { 'x-forwarded-for': `fe80::1%${zone}` },
      '10.0.0.5',
    );
    expect(res.statusCode).toBe(401);
    expect(await lastAuditIp(t, 'case-analyst@cardiomap.test')).toBe('fe80::1');
  });

  it('does not believe X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    await wrongSignIn(t, 'case-manager@cardiomap.test', { 'x-forwarded-for': '203.0.113.7' }, '198.51.100.8');
    expect(await lastAuditIp(t, 'case-manager@cardiomap.test')).toBe('198.51.100.8');
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['a value over 64 characters', `${'a'.repeat(100)}`],
    ['an over-long IPv6-like value', `${'1:'.repeat(60)}1`],
  ])('stores no address, and answers normally, for %s in X-Forwarded-For', async (_, forwarded) => {
    const res = await wrongSignIn(t, 'case-analyst@cardiomap.test', { 'x-forwarded-for': forwarded });
    expect(res.statusCode).toBe(401);
    expect(await lastAuditIp(t, 'case-analyst@cardiomap.test')).toBeNull();

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'x-forwarded-for': forwarded },
      payload: { email: 'development@cardiomap.test', password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);

    const { id } = await insertCase(t, { patientIdentifier: 'PI-ADDR' });
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/cases/${id}/patient-information/`,
      headers: { authorization: `Bearer ${access}`, 'x-forwarded-for': forwarded },
    });
    expect(info.statusCode).toBe(200);
    const audit = await t.database.query<{ ip: string | null }>('SELECT ip FROM audit_events WHERE target_id = $1', [
      id,
    ]);
    expect(audit.map((row) => row.ip)).toEqual([null]);
    expect((await getAs(t, access, '/api/userinfo/')).statusCode).toBe(200);
  });
});

describe('TRUSTED_PROXIES setting', () => {
  it('is empty by default and reads addresses and ranges', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12 ::1' }).trustedProxies).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
    ]);
  });

  it.each(['proxy.example.org', '10.0.0.0/33', '10.0.0.1/8/2', '*'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(ConfigError);
  });
});
