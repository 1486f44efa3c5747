import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, type LocalStorageServer, startLocalStorageServer } from './local-test-server.ts';

let server: LocalStorageServer;
beforeAll(async () => {
  server = await startLocalStorageServer();
});
afterAll(async () => {
  await server.close();
});

const put = (signed: string, body: Buffer | string) => fetch(`${server.origin}${signed}`, { method: 'PUT', body });

/** Sends half a body and then drops the connection, as a browser losing its network would. */
function droppedPut(signed: string, half: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(`${server.origin}${signed}`, {
      method: 'PUT',
      headers: { 'content-length': String(half.length * 2) },
    });
    req.on('error', () => resolve());
    req.write(half, () => {
      setTimeout(() => {
        req.destroy();
        setTimeout(resolve, 100);
      }, 50);
    });
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('multipart uploads through part URLs', () => {
  it('assembles the parts in order into one object and cleans up', async () => {
    const key = 'input-data/multi-ok/big.zip';
    const parts = [Buffer.alloc(3000, 1), Buffer.alloc(3000, 2), Buffer.alloc(1234, 3)];
    const { uploadId, partUrls } = await server.storage.createMultipartUpload(key, {
      partCount: 3,
      expiresInSeconds: 60,
      maxBytes: 10_000,
      contentType: 'application/zip',
    });
    expect(partUrls).toHaveLength(3);
    // Parts are sent as untyped slices, as the browser's Blob.slice() makes them.
    expect(partUrls.every((u) => !u.includes('type='))).toBe(true);
    // Out of order, as parallel uploads finish.
    for (const i of [2, 0, 1]) {
      const res = await put(partUrls[i]!, parts[i]!);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    }
    expect(await server.storage.head(key)).toBeNull();
    await server.storage.completeMultipartUpload(key, uploadId);
    expect(await readAll(await server.storage.read(key))).toEqual(Buffer.concat(parts));
    expect(filesUnder(server.root).filter((f) => f.startsWith('input-data/multi-ok/'))).toEqual([
      'input-data/multi-ok/big.zip',
    ]);
    await expect(server.storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({
      code: 'no_such_upload',
    });
  });

  it('refuses to complete with a part missing, then completes once it arrives', async () => {
    const key = 'input-data/multi-missing/big.zip';
    const { uploadId, partUrls } = await server.storage.createMultipartUpload(key, {
      partCount: 3,
      expiresInSeconds: 60,
      maxBytes: 10_000,
    });
    await put(partUrls[0]!, 'aaa');
    await put(partUrls[1]!, 'bbb');
    await expect(server.storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({
      code: 'incomplete',
      message: 'Part 3 of 3 has not been uploaded.',
    });
    expect(await server.storage.head(key)).toBeNull();
    await put(partUrls[2]!, 'c');
    await server.storage.completeMultipartUpload(key, uploadId);
    expect((await readAll(await server.storage.read(key))).toString()).toBe('aaabbbc');
  });

  it('lets a dropped part be sent again alone, the retry replacing it whole', async () => {
    const key = 'input-data/multi-retry/big.zip';
    const { uploadId, partUrls } = await server.storage.createMultipartUpload(key, {
      partCount: 2,
      expiresInSeconds: 60,
      maxBytes: 1_000_000,
    });
    expect((await put(partUrls[0]!, Buffer.alloc(100_000, 0x31))).status).toBe(200);
    await droppedPut(partUrls[1]!, Buffer.alloc(50_000, 0x78));
    // A first complete attempt, whose part was wrong, resent with other bytes: the last one wins.
    expect((await put(partUrls[1]!, Buffer.alloc(70_000, 0x79))).status).toBe(200);
    expect((await put(partUrls[1]!, Buffer.alloc(60_000, 0x32))).status).toBe(200);
    expect(filesUnder(server.root).filter((f) => f.includes('.cm-tmp-'))).toEqual([]);
    await server.storage.completeMultipartUpload(key, uploadId);
    const stored = await readAll(await server.storage.read(key));
    expect(stored).toEqual(Buffer.concat([Buffer.alloc(100_000, 0x31), Buffer.alloc(60_000, 0x32)]));
  });

  it('holds each part and the whole to maxBytes', async () => {
    const key = 'input-data/multi-limit/big.zip';
    const { uploadId, partUrls } = await server.storage.createMultipartUpload(key, {
      partCount: 2,
      expiresInSeconds: 60,
      maxBytes: 1000,
    });
    expect((await put(partUrls[0]!, Buffer.alloc(1001))).status).toBe(413);
    expect((await put(partUrls[0]!, Buffer.alloc(600))).status).toBe(200);
    expect((await put(partUrls[1]!, Buffer.alloc(600))).status).toBe(200);
    await expect(server.storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({ code: 'too_large' });
    expect(await server.storage.head(key)).toBeNull();
  });

  it('refuses parts once aborted, and part URLs for another upload or key', async () => {
    const key = 'input-data/multi-abort/big.zip';
    const first = await server.storage.createMultipartUpload(key, { partCount: 1, expiresInSeconds: 60, maxBytes: 10 });
    const other = await server.storage.createMultipartUpload('input-data/multi-abort/other.zip', {
      partCount: 1,
      expiresInSeconds: 60,
      maxBytes: 10,
    });
    const crossed = first.partUrls[0]!.replace(first.uploadId, other.uploadId);
    expect((await put(crossed, 'x')).status).toBe(403);

    await server.storage.abortMultipartUpload(key, first.uploadId);
    const late = await put(first.partUrls[0]!, 'x');
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ code: 'no_such_upload' });
    await expect(server.storage.completeMultipartUpload(key, first.uploadId)).rejects.toMatchObject({
      code: 'no_such_upload',
    });
    await expect(server.storage.completeMultipartUpload(key, '../../etc')).rejects.toMatchObject({
      code: 'no_such_upload',
    });
  });
});

describe('multipart uploads assembled in place (fixed part size)', () => {
  const partSize = 4096;
  const start = (key: string, partCount: number, maxBytes = 100_000) =>
    server.storage.createMultipartUpload(key, { partCount, expiresInSeconds: 60, maxBytes, partSize });

  it('writes each part at its offset, and completing is a rename of that file, not a copy', async () => {
    const key = 'input-data/in-place-ok/big.zip';
    const parts = [Buffer.alloc(partSize, 1), Buffer.alloc(partSize, 2), Buffer.alloc(1234, 3)];
    const { uploadId, partUrls } = await start(key, 3);
    for (const i of [2, 0, 1]) {
      const res = await put(partUrls[i]!, parts[i]!);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    }
    const assembled = filesUnder(server.root).find(
      (f) => f.startsWith('input-data/in-place-ok/') && f.endsWith('/data'),
    );
    const inode = (await stat(join(server.root, assembled!))).ino;
    expect(await server.storage.head(key)).toBeNull();
    await server.storage.completeMultipartUpload(key, uploadId);
    expect(await readAll(await server.storage.read(key))).toEqual(Buffer.concat(parts));
    expect((await stat(join(server.root, key))).ino).toBe(inode);
    expect(filesUnder(server.root).filter((f) => f.startsWith('input-data/in-place-ok/'))).toEqual([
      'input-data/in-place-ok/big.zip',
    ]);
    await expect(server.storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({
      code: 'no_such_upload',
    });
  });

  it('refuses to complete while a part is missing or a part but the last is short', async () => {
    const key = 'input-data/in-place-short/big.zip';
    const { uploadId, partUrls } = await start(key, 3);
    expect((await put(partUrls[0]!, Buffer.alloc(partSize, 1))).status).toBe(200);
    expect((await put(partUrls[2]!, 'end')).status).toBe(200);
    await expect(server.storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({
      code: 'incomplete',
      message: 'Part 2 of 3 has not been uploaded.',
    });
    expect((await put(partUrls[1]!, Buffer.alloc(100, 2))).status).toBe(200);
    await expect(server.storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({
      code: 'incomplete',
      message: `Part 2 of 3 holds 100 bytes; every part but the last must hold ${partSize}.`,
    });
    expect(await server.storage.head(key)).toBeNull();
    expect((await put(partUrls[1]!, Buffer.alloc(partSize, 2))).status).toBe(200);
    await server.storage.completeMultipartUpload(key, uploadId);
    expect((await server.storage.head(key))?.size).toBe(2 * partSize + 3);
  });

  it('refuses a part larger than the part size, and the whole over the limit', async () => {
    const key = 'input-data/in-place-limit/big.zip';
    const { uploadId, partUrls } = await start(key, 2, partSize + 10);
    expect((await put(partUrls[0]!, Buffer.alloc(partSize + 1))).status).toBe(413);
    expect((await put(partUrls[0]!, Buffer.alloc(partSize))).status).toBe(200);
    expect((await put(partUrls[1]!, Buffer.alloc(11))).status).toBe(200);
    await expect(server.storage.completeMultipartUpload(key, uploadId)).rejects.toMatchObject({ code: 'too_large' });
    expect(await server.storage.head(key)).toBeNull();
  });

  it('lets a dropped part be sent again, a shorter last part leaving no tail behind', async () => {
    const key = 'input-data/in-place-retry/big.zip';
    const { uploadId, partUrls } = await start(key, 2);
    expect((await put(partUrls[0]!, Buffer.alloc(partSize, 0x31))).status).toBe(200);
    await droppedPut(partUrls[1]!, Buffer.alloc(2000, 0x78));
    expect((await put(partUrls[1]!, Buffer.alloc(3000, 0x79))).status).toBe(200);
    expect((await put(partUrls[1]!, Buffer.alloc(1000, 0x32))).status).toBe(200);
    await server.storage.completeMultipartUpload(key, uploadId);
    const stored = await readAll(await server.storage.read(key));
    expect(stored).toEqual(Buffer.concat([Buffer.alloc(partSize, 0x31), Buffer.alloc(1000, 0x32)]));
    expect(filesUnder(server.root).filter((f) => f.includes('.cm-tmp-'))).toEqual([]);
  });

  it('refuses parts once aborted or completed', async () => {
    const key = 'input-data/in-place-abort/big.zip';
    const { uploadId, partUrls } = await start(key, 1);
    await server.storage.abortMultipartUpload(key, uploadId);
    const late = await put(partUrls[0]!, 'x');
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ code: 'no_such_upload' });
    expect(filesUnder(server.root).filter((f) => f.startsWith('input-data/in-place-abort/'))).toEqual([]);
  });
});

describe('atomic replacement', () => {
  it('never shows a concurrent reader half an object while it is replaced', async () => {
    const key = 'studies/concurrent/volume.cmvol';
    const versions = [Buffer.alloc(2 * 1024 * 1024, 0x61), Buffer.alloc(3 * 1024 * 1024, 0x62)];
    await server.storage.write(key, versions[0]!);
    const getUrl = `${server.origin}${await server.storage.signedGetUrl(key, { expiresInSeconds: 60 })}`;
    const putUrl = await server.storage.signedPutUrl(key, { expiresInSeconds: 60, maxBytes: 10 * 1024 * 1024 });

    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 12; i++) {
        const next = versions[(i + 1) % 2]!;
        if (i % 2 === 0) await server.storage.write(key, next);
        else expect((await put(putUrl, next)).status).toBe(200);
      }
      writing = false;
    })();
    const seen: string[] = [];
    const reader = async () => {
      while (writing) {
        const viaHttp = Buffer.from(await (await fetch(getUrl)).arrayBuffer());
        const viaDriver = await readAll(await server.storage.read(key));
        for (const body of [viaHttp, viaDriver]) {
          const whole = versions.find((v) => v.length === body.length && v[0] === body[0]);
          expect(whole && body.equals(whole), `a read of ${body.length} bytes was not a whole version`).toBe(true);
          seen.push(body.length === versions[0]!.length ? 'a' : 'b');
        }
      }
    };
    await Promise.all([writer, reader(), reader(), reader()]);
    expect(seen.length).toBeGreaterThan(6);
    expect(filesUnder(server.root).filter((f) => f.includes('.cm-tmp-'))).toEqual([]);
  });
});
