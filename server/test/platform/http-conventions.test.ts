import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const INDEX = '<!doctype html><html><head><title>CardioMap</title></head><body><div id="root"></div></body></html>';

describe('HTTP conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in build of the web app, so history-mode routing can be checked without building it.
    const webDist = join(process.env.TMPDIR ?? '/tmp', `cm-web-${process.pid}-${Date.now()}`);
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({
      seed: false,
      env: { WEB_DIST: webDist, EMBED_ORIGINS: 'https://portal.example.org,https://pacs.example.org:8443' },
    });
  });
  afterAll(async () => t.close());

  it('puts the strict security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('frame-ancestors https://portal.example.org https://pacs.example.org:8443');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('serves the app for history-mode routes, with the embed origins and the same headers', async () => {
    for (const url of [
      '/',
      '/cases',
      '/study-viewer/4b1c0c7e-8a57-4b7e-9a43-7b0f1d3a9a11/mprviewer',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        '<meta name="cm-embed-origins" content="https://portal.example.org,https://pacs.example.org:8443">',
      );
      expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors');
    }
  });

  it('serves built assets with long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths with the JSON error envelope, never the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers a malformed JSON body with 400 and a readable message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nonFieldErrors: ['The request body is not valid JSON.'] });
  });

  it('answers schema violations with 400 and messages per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'not-an-email', password: 42 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.email).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(body.password).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('authenticates before validating: an anonymous caller gets 401, never the route’s field errors', async () => {
    for (const payload of ['{"broken": ', JSON.stringify({ patientInformation: { age: -1 } })]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cases/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_authenticated');
    }
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('gives every answer a request id and does not echo a client-chosen one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'request-id': 'evil' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
