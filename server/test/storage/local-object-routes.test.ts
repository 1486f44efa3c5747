import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, type LocalStorageServer, startLocalStorageServer } from './local-test-server.ts';

let server: LocalStorageServer;
beforeAll(async () => {
  server = await startLocalStorageServer();
});
afterAll(async () => {
  await server.close();
});

const url = (signed: string) => `${server.origin}${signed}`;
const bytes = (n: number, fill = 0x61) => Buffer.alloc(n, fill);

/** A PUT with a chunked body (no Content-Length), so the limit can only be seen while streaming. */
function chunkedPut(target: string, chunk: Buffer, chunks: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(target, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server closes the connection once it has refused the body; that is the point, not a failure.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!['EPIPE', 'ECONNRESET'].includes(error.code ?? '')) reject(error);
    });
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        sent += 1;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

function rawPut(path: string): Promise<number> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'PUT' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end('x');
  });
}

describe('PUT and GET /api/storage/<key>', () => {
  it('round-trips an object through signed URLs, without a bearer token', async () => {
    const key = 'input-data/6a1f8e36-0b61-4a3e-9d3e-2f6f3c1b2a10/CT scan (1).zip';
    const body = Buffer.from('PK\u0003\u0004 a zip, or near enough');
    const putUrl = await server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 1000 });
    expect(putUrl).toMatch(/^\/api\/storage\/input-data\/.+\/CT%20scan%20\(1\)\.zip\?expires=\d+&max=1000&sig=/);

    const put = await fetch(url(putUrl), { method: 'PUT', body, headers: { 'content-type': 'application/zip' } });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await server.storage.head(key)).toEqual({ size: body.length });

    const getUrl = await server.storage.signedGetUrl(key, { expiresInSeconds: 60, filename: 'Scan für Müller.zip' });
    const get = await fetch(url(getUrl));
    expect(get.status).toBe(200);
    expect(Buffer.from(await get.arrayBuffer())).toEqual(body);
    expect(get.headers.get('content-type')).toBe('application/zip');
    expect(get.headers.get('content-length')).toBe(String(body.length));
    expect(get.headers.get('content-disposition')).toBe(
      `attachment; filename="Scan f_r M_ller.zip"; filename*=UTF-8''Scan%20f%C3%BCr%20M%C3%BCller.zip`,
    );
    expect(get.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('serves byte ranges with 206, and 416 past the end', async () => {
    const key = 'studies/2b0c7f4e-8d5e-4bb0-9f6e-1d2c3b4a5f60/volume.cmvol';
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await server.storage.write(key, body);
    const getUrl = url(await server.storage.signedGetUrl(key, { expiresInSeconds: 60 }));

    const middle = await fetch(getUrl, { headers: { range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(middle.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(body.subarray(100, 200));

    const suffix = await fetch(getUrl, { headers: { range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(body.subarray(990));

    const beyond = await fetch(getUrl, { headers: { range: 'bytes=5000-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');

    const head = await fetch(getUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers 404 for a signed URL to a missing object', async () => {
    const getUrl = await server.storage.signedGetUrl('input-data/none/missing.zip', { expiresInSeconds: 60 });
    const res = await fetch(url(getUrl));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('refuses an expired URL with 403 url_expired', async () => {
    const key = 'input-data/expiry/file.zip';
    await server.storage.write(key, bytes(10));
    const getUrl = url(await server.storage.signedGetUrl(key, { expiresInSeconds: 30 }));
    const putUrl = url(await server.storage.signedPutUrl(key, { expiresInSeconds: 30, maxBytes: 100 }));
    expect((await fetch(getUrl)).status).toBe(200);

    server.advanceClock(31_000);
    try {
      const get = await fetch(getUrl);
      expect(get.status).toBe(403);
      expect(await get.json()).toMatchObject({ code: 'url_expired' });
      const put = await fetch(putUrl, { method: 'PUT', body: bytes(5) });
      expect(put.status).toBe(403);
    } finally {
      server.advanceClock(-31_000);
    }
    expect(await server.storage.head(key)).toEqual({ size: 10 });
  });

  it('refuses a tampered signature, key, limit or expiry with 403', async () => {
    const key = 'input-data/tamper/file.zip';
    const signed = url(await server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 100 }));
    const parsed = new URL(signed);
    const sig = parsed.searchParams.get('sig')!;
    const variants = [
      signed.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      signed.replace('sig=', 'x=').concat('&sig='),
      signed.replace('max=100', 'max=100000000'),
      signed.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 999_999}`),
      signed.replace('/tamper/', '/other/'),
    ];
    for (const variant of variants) {
      const res = await fetch(variant, { method: 'PUT', body: bytes(10) });
      expect(res.status, variant).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'signature_invalid' });
    }
    expect(await server.storage.head(key)).toBeNull();
    expect(await server.storage.head('input-data/other/file.zip')).toBeNull();
  });

  it('refuses a URL used with another method than the one signed', async () => {
    const key = 'input-data/method/file.zip';
    await server.storage.write(key, bytes(10));
    const putUrl = url(await server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 100 }));
    const getUrl = url(await server.storage.signedGetUrl(key, { expiresInSeconds: 60 }));
    expect((await fetch(putUrl)).status).toBe(403);
    expect((await fetch(getUrl, { method: 'PUT', body: bytes(3) })).status).toBe(403);
    expect((await fetch(getUrl, { method: 'DELETE' })).status).toBe(404);
    expect(await server.storage.head(key)).toEqual({ size: 10 });
  });

  it('holds the browser to the signed Content-Type', async () => {
    const key = 'input-data/typed/file.zip';
    const putUrl = url(
      await server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 100, contentType: 'application/zip' }),
    );
    const wrong = await fetch(putUrl, { method: 'PUT', body: 'x', headers: { 'content-type': 'text/html' } });
    expect(wrong.status).toBe(403);
    const right = await fetch(putUrl, { method: 'PUT', body: 'x', headers: { 'content-type': 'application/zip' } });
    expect(right.status).toBe(200);
  });

  it('refuses a body over the limit with 413 before reading it when its length is declared', async () => {
    const key = 'input-data/declared/file.zip';
    const putUrl = url(await server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 1000 }));
    const res = await fetch(putUrl, { method: 'PUT', body: bytes(1001) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await server.storage.head(key)).toBeNull();
  });

  it('stops a chunked body the moment it crosses the limit: 413, nothing left behind, old object kept', async () => {
    const key = 'input-data/streamed/file.zip';
    await server.storage.write(key, bytes(50, 0x6f));
    const before = filesUnder(server.root);
    const putUrl = url(await server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 100_000 }));

    const res = await chunkedPut(putUrl, bytes(16 * 1024), 64);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'payload_too_large' });
    expect(filesUnder(server.root)).toEqual(before);
    expect(await server.storage.head(key)).toEqual({ size: 50 });

    const exact = await chunkedPut(putUrl, bytes(10_000), 10);
    expect(exact.status).toBe(200);
    expect(await server.storage.head(key)).toEqual({ size: 100_000 });
  });

  it('refuses keys that would leave the root, whichever way they come', async () => {
    for (const key of ['../escape.zip', '/etc/passwd', 'a/../../b', 'a\\b', 'a\u0000b', 'a//b', '.cm-tmp-x']) {
      await expect(server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 1 })).rejects.toMatchObject({
        code: 'invalid_key',
      });
      await expect(server.storage.write(key, bytes(1))).rejects.toMatchObject({ code: 'invalid_key' });
      await expect(server.storage.read(key)).rejects.toMatchObject({ code: 'invalid_key' });
    }
    // Sent as raw paths: fetch would resolve dot segments before the server saw them.
    for (const path of [
      '..%2F..%2Fescape',
      '%2e%2e/escape',
      '../../escape',
      'a/%2E%2E/%2E%2E/escape',
      'a%5Cb',
      'a%00b',
    ]) {
      const status = await rawPut(`/api/storage/${path}?expires=9999999999&max=10&sig=x`);
      expect(status, path).toBe(400);
    }
    expect(filesUnder(server.root).some((f) => f.includes('escape'))).toBe(false);
  });

  it('leaves JSON routes beside it parsing JSON', async () => {
    const res = await fetch(`${server.origin}/api/echo/`, {
      method: 'POST',
      body: JSON.stringify({ a: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toEqual({ received: { a: 1 } });
  });
});
