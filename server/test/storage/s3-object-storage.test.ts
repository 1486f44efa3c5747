import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createObjectStorage } from '../../src/storage/create-object-storage.ts';
import type { ObjectStorage } from '../../src/storage/object-storage.ts';
import { connectS3 } from '../../src/storage/s3/s3-connection.ts';
import { parseS3StorageUrl, S3ObjectStorage } from '../../src/storage/s3/s3-object-storage.ts';

/**
 * Against a real S3-compatible server (scripts/s3-test-server.sh: Swift with s3api), because only a
 * real one checks signatures: a fake that accepts a forged URL proves nothing about security.
 */
const endpoint = process.env.TEST_S3_ENDPOINT;
if (!endpoint) {
  console.info('S3 storage tests skipped: TEST_S3_ENDPOINT is not set (run scripts/s3-test-server.sh --env).');
}

const MIB = 1024 * 1024;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const s3Config = (dataDir: string, prefix: string) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    STORAGE_URL: `s3://${process.env.TEST_S3_BUCKET ?? 'cardiomap-test'}/${prefix}`,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY,
  });

describe.skipIf(!endpoint)('S3 driver against a real S3 server', () => {
  let storage: ObjectStorage;
  const base = `input-data/${randomUUID()}`;
  const scratch = mkdtempSync(join(tmpdir(), 'cm-s3-test-'));

  // A prefix of its own, so the PGlite and PostgreSQL runs of this file never meet.
  const prefix = `run-${randomUUID()}`;

  beforeAll(() => {
    storage = createObjectStorage(s3Config(scratch, prefix));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is the s3 driver', () => {
    expect(storage.kind).toBe('s3');
  });

  it('round-trips through a presigned PUT and a presigned GET with fetch', async () => {
    const key = `${base}/CT scan.zip`;
    const body = Buffer.from('PK\u0003\u0004 the zip');
    const putUrl = await storage.signedPutUrl(key, {
      expiresInSeconds: 60,
      maxBytes: 1000,
      contentType: 'application/zip',
    });
    expect(putUrl.startsWith(endpoint!)).toBe(true);
    const put = await fetch(putUrl, { method: 'PUT', body, headers: { 'content-type': 'application/zip' } });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await storage.head(key)).toEqual({ size: body.length });

    const getUrl = await storage.signedGetUrl(key, { expiresInSeconds: 60, filename: 'Scan für Müller.zip' });
    const get = await fetch(getUrl);
    expect(get.status).toBe(200);
    expect(Buffer.from(await get.arrayBuffer())).toEqual(body);
    expect(get.headers.get('content-disposition')).toContain(`filename*=UTF-8''Scan%20f%C3%BCr%20M%C3%BCller.zip`);

    const ranged = await fetch(getUrl, { headers: { range: 'bytes=0-1' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('PK');
  });

  it('lets a browser on another origin PUT to a presigned URL (CORS preflight and answer)', async () => {
    const key = `${base}/from-browser.zip`;
    const putUrl = await storage.signedPutUrl(key, {
      expiresInSeconds: 60,
      maxBytes: 100,
      contentType: 'application/zip',
    });
    const origin = 'http://localhost:8080';
    const preflight = await fetch(putUrl, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const put = await fetch(putUrl, {
      method: 'PUT',
      body: 'zip',
      headers: { origin, 'content-type': 'application/zip' },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:8080)$/);
  });

  it('refuses a tampered signature with 403, and stores nothing', async () => {
    const key = `${base}/tampered.zip`;
    const putUrl = new URL(await storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 1000 }));
    const signature = putUrl.searchParams.get('X-Amz-Signature')!;
    putUrl.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const forged = await fetch(putUrl, { method: 'PUT', body: 'forged' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('SignatureDoesNotMatch');

    const otherKey = new URL(await storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 1000 }));
    otherKey.pathname = otherKey.pathname.replace('tampered.zip', 'elsewhere.zip');
    expect((await fetch(otherKey, { method: 'PUT', body: 'moved' })).status).toBe(403);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.head(`${base}/elsewhere.zip`)).toBeNull();
  });

  it('refuses an expired URL with 403', async () => {
    const key = `${base}/expired.zip`;
    await storage.write(key, Buffer.from('kept'));
    const getUrl = await storage.signedGetUrl(key, { expiresInSeconds: 1 });
    const putUrl = await storage.signedPutUrl(key, { expiresInSeconds: 1, maxBytes: 100 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const get = await fetch(getUrl);
    expect(get.status).toBe(403);
    expect(await get.text()).toMatch(/expired/i);
    expect((await fetch(putUrl, { method: 'PUT', body: 'late' })).status).toBe(403);
    expect((await readAll(await storage.read(key))).toString()).toBe('kept');
  });

  it('holds a read link to READ_URL_SECONDS whatever is asked: the bound on a link S3 cannot revoke', async () => {
    const key = `${base}/bounded.cmvol`;
    await storage.write(key, Buffer.from('volume'));
    const asked = await storage.signedGetUrl(key, { expiresInSeconds: 12 * 3600 });
    expect(new URL(asked).searchParams.get('X-Amz-Expires')).toBe('600');
    const config = s3Config(scratch, prefix);
    const short = new S3ObjectStorage({
      connect: () => connectS3(config.s3),
      ...parseS3StorageUrl(config.storageUrl),
      maxReadSeconds: 1,
    });
    const url = await short.signedGetUrl(key, { expiresInSeconds: 12 * 3600 });
    expect((await fetch(url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(url)).status).toBe(403);
  });

  it('assembles a multipart upload from presigned part URLs, refusing to complete with a part missing', async () => {
    const key = `${base}/big.zip`;
    const parts = [Buffer.alloc(5 * MIB, 0x61), Buffer.alloc(1000, 0x62)];
    const { uploadId, partUrls } = await storage.createMultipartUpload(key, {
      partCount: 2,
      expiresInSeconds: 300,
      maxBytes: 10 * MIB,
    });
    expect(partUrls).toHaveLength(2);
    expect((await fetch(partUrls[0]!, { method: 'PUT', body: parts[0] })).status).toBe(200);
    await expect(storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({ code: 'incomplete' });
    // A retried part replaces the first attempt.
    expect((await fetch(partUrls[1]!, { method: 'PUT', body: Buffer.alloc(500, 0x7a) })).status).toBe(200);
    expect((await fetch(partUrls[1]!, { method: 'PUT', body: parts[1] })).status).toBe(200);
    await storage.completeMultipartUpload(key, uploadId);
    expect(await storage.head(key)).toEqual({ size: 5 * MIB + 1000 });
    const tail = await readAll(await storage.read(key, { start: 5 * MIB - 2, end: 5 * MIB + 1 }));
    expect(tail.toString()).toBe('aabb');
  });

  it('refuses to complete parts that add up to more than maxBytes', async () => {
    const key = `${base}/too-big.zip`;
    const { uploadId, partUrls } = await storage.createMultipartUpload(key, {
      partCount: 1,
      expiresInSeconds: 60,
      maxBytes: 100,
    });
    expect((await fetch(partUrls[0]!, { method: 'PUT', body: Buffer.alloc(101) })).status).toBe(200);
    await expect(storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({ code: 'too_large' });
    await storage.abortMultipartUpload(key, uploadId);
    expect(await storage.head(key)).toBeNull();
  });

  it('writes a file and a stream of several parts, then heads, reads and deletes them', async () => {
    const fileKey = `${base}/from-file.bin`;
    const local = join(scratch, 'source.bin');
    writeFileSync(local, Buffer.alloc(300_000, 0x33));
    await storage.writeFile(fileKey, local, 'application/octet-stream');
    expect(await storage.head(fileKey)).toEqual({ size: 300_000 });

    const streamKey = `${base}/from-stream.bin`;
    const chunks = Array.from({ length: 9 }, (_, i) => Buffer.alloc(2 * MIB, 0x41 + i));
    await storage.write(streamKey, Readable.from(chunks));
    expect(await storage.head(streamKey)).toEqual({ size: 18 * MIB });
    const stored = await readAll(await storage.read(streamKey));
    expect(stored.equals(Buffer.concat(chunks))).toBe(true);

    await storage.delete(fileKey);
    await storage.delete(streamKey);
    await storage.delete(streamKey);
    expect(await storage.head(fileKey)).toBeNull();
    expect(await storage.head(streamKey)).toBeNull();
    await expect(storage.read(fileKey)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses keys that would escape the prefix', async () => {
    await expect(storage.signedPutUrl('../other-run/x', { expiresInSeconds: 60, maxBytes: 1 })).rejects.toMatchObject({
      code: 'invalid_key',
    });
    await expect(storage.head('/abs')).rejects.toMatchObject({ code: 'invalid_key' });
  });
});
