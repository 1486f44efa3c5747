import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenKey, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 22, low findings: hostile text, caching of patient data, tokens without expiry, CSP. */
describe('hardening (issue 22 low findings)', () => {
  let t: TestApp;
  let access = '';
  beforeAll(async () => {
    t = await createTestApp();
    access = (await signIn(t, 'physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it.each([
    ['NUL', 'Pat\u0000ient'],
    ['a lone high surrogate', 'Pat\uD800ient'],
    ['a lone low surrogate', '\uDC00'],
  ])('answers 400 naming the field for %s in a JSON string', async (_, text) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'physician@cardiomap.test', password: text }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().password).toEqual([expect.any(String)]);
  });

  it('keeps a well-formed surrogate pair (emoji) valid', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'physician@cardiomap.test', password: 'wrong-but-fine-😀-text' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('marks API answers no-store', async () => {
    const res = await getAs(t, access, '/api/userinfo/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cases = await getAs(t, access, '/api/cases/');
    expect(cases.headers['cache-control']).toBe('no-store');
  });

  it("sends CSP base-uri 'none'", async () => {
    const res = await getAs(t, access, '/api/userinfo/');
    expect(String(res.headers['content-security-policy'])).toContain("base-uri 'none'");
  });

  describe('access tokens', () => {
    it.each([
      ['no exp', { sub: 'user' }, false],
      ['a malformed sub', { sub: "x' OR 1=1" }, true],
    ])('refuses a token with %s with 401', async (_, claims, withExp) => {
      const secret = await accessTokenKey(t);
      const { sessionId, userId } = parseAccess(access);
      let jwt = new SignJWT({ sid: sessionId, token_type: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub === 'user' ? userId : claims.sub)
        .setAudience(audienceOf(access))
        .setIssuedAt();
      if (withExp) jwt = jwt.setExpirationTime('5m');
      const token = await jwt.sign(secret);
      const res = await getAs(t, token, '/api/userinfo/');
      expect(res.statusCode).toBe(401);
    });
  });
});

function parseAccess(token: string): { sessionId: string; userId: string } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return { sessionId: payload.sid, userId: payload.sub };
}
function audienceOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).aud;
}

describe('static web app', () => {
  let t: TestApp;
  let web = '';
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'cm-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<html><head></head><body></body></html>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
    writeFileSync(join(web, 'assets', 'app.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
    t = await createTestApp({ seed: false, env: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves the bundles but not their source maps', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(map.body).not.toContain('secret-source.ts');
  });
});
