import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The storage plugin inside the whole app: its routes, and the JSON routes left as they were. */
describe('storage in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('decorates app.storage with the local driver by default', () => {
    expect(t.app.storage.kind).toBe('local');
  });

  it('takes a signed PUT of any content type and serves it back, with no bearer token', async () => {
    const key = 'input-data/0c4f3a1e-6b3d-4e59-8f0f-5e8f2d9c7a11/scan.zip';
    const body = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 3]);
    const putUrl = await t.app.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 100 });
    const put = await t.app.inject({
      method: 'PUT',
      url: putUrl,
      headers: { 'content-type': 'application/x-zip-compressed' },
      payload: body,
    });
    expect(put.statusCode).toBe(200);

    const getUrl = await t.app.storage.signedGetUrl(key, { expiresInSeconds: 60, filename: 'scan.zip' });
    const get = await t.app.inject({ method: 'GET', url: getUrl });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload).toEqual(body);
    expect(get.headers['content-disposition']).toContain('attachment; filename="scan.zip"');
    expect(get.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers refusals in the error envelope', async () => {
    const getUrl = await t.app.storage.signedGetUrl('input-data/x/missing.zip', { expiresInSeconds: 60 });
    const forged = await t.app.inject({ method: 'GET', url: `${getUrl}0` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: 'The link is not valid for this request.', code: 'signature_invalid' });
    const missing = await t.app.inject({ method: 'GET', url: getUrl });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('leaves the JSON routes parsing and limiting JSON as before', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nonFieldErrors: ['The request body is not valid JSON.'] });
  });
});
