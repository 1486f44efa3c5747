import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createDeidentifiedZip, writeZipEntry } from '../../../src/imaging/ingest/deidentified-zip.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every entry's name and bytes, read back with yauzl (which checks each CRC as it reads). */
async function readBack(path: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  const out = new Map<string, Buffer>();
  try {
    for await (const entry of zip.eachEntry()) {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      out.set(entry.fileName, Buffer.concat(chunks));
    }
  } finally {
    zip.close();
  }
  return out;
}

describe('createDeidentifiedZip', () => {
  it('writes a stored zip that reads back byte for byte, UTF-8 names included', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cm-deid-zip-'));
    const path = join(dir, 'out.zip');
    const zip = createDeidentifiedZip(path);
    const big = Buffer.alloc(300_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
    await zip.add('1.2.3.dcm', big);
    await zip.add('ünï.dcm', new Uint8Array([1, 2, 3]));
    await zip.add('empty.dcm', new Uint8Array(0));
    await zip.finish();
    const files = await readBack(path);
    expect([...files.keys()]).toEqual(['1.2.3.dcm', 'ünï.dcm', 'empty.dcm']);
    expect(files.get('1.2.3.dcm')?.equals(big)).toBe(true);
    expect([...(files.get('ünï.dcm') ?? [])]).toEqual([1, 2, 3]);
    expect(files.get('empty.dcm')?.length).toBe(0);
  });

  it('takes entries other threads wrote at their own reserved ranges, between its own', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cm-deid-zip-'));
    const path = join(dir, 'threads.zip');
    const zip = createDeidentifiedZip(path);
    const fileOf = (n: number) => Buffer.alloc(100_000 + n * 1000, n + 1);
    await zip.add('own-1.dcm', [Buffer.from('head'), fileOf(1)]);
    // As an ingest thread writes them (the function is the same on any thread): each reserves its
    // range at the zip's end, then writes; the zip lists what they report.
    const written = [2, 3, 4].map((n) => writeZipEntry(zip.shared, `thread-${n}.dcm`, fileOf(n), crc32(fileOf(n))));
    for (const entry of written) zip.recordWritten(entry);
    await zip.add('own-5.dcm', fileOf(5));
    await zip.finish();
    const files = await readBack(path);
    expect([...files.keys()]).toEqual(['own-1.dcm', 'thread-2.dcm', 'thread-3.dcm', 'thread-4.dcm', 'own-5.dcm']);
    expect(files.get('own-1.dcm')?.equals(Buffer.concat([Buffer.from('head'), fileOf(1)]))).toBe(true);
    for (const n of [2, 3, 4]) expect(files.get(`thread-${n}.dcm`)?.equals(fileOf(n))).toBe(true);
    expect(files.get('own-5.dcm')?.equals(fileOf(5))).toBe(true);
  });

  it('writes a file given as chunks, small and large, as their concatenation with its CRC', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cm-deid-zip-'));
    const path = join(dir, 'chunks.zip');
    const zip = createDeidentifiedZip(path);
    const large = Buffer.alloc(200_000);
    for (let i = 0; i < large.length; i++) large[i] = (i * 7) & 0xff;
    const chunks = [Buffer.from('DICM'), Buffer.from([1, 2, 3]), large.subarray(1000), Buffer.from('tail'), large];
    await zip.add('a.dcm', chunks);
    await zip.add('b.dcm', [new Uint8Array([9])]);
    await zip.finish();
    const files = await readBack(path);
    expect(files.get('a.dcm')?.equals(Buffer.concat(chunks))).toBe(true);
    expect([...(files.get('b.dcm') ?? [])]).toEqual([9]);
  });

  it('keeps every file in its place when more is queued than the writer lets run ahead (40 MB)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cm-deid-zip-'));
    const path = join(dir, 'many.zip');
    const zip = createDeidentifiedZip(path);
    const fileOf = (n: number) => Buffer.alloc(1_000_000 + n, n);
    for (let n = 0; n < 40; n++) await zip.add(`${n}.dcm`, [Buffer.from(`head ${n}`), fileOf(n)]);
    await zip.finish();
    const files = await readBack(path);
    expect(files.size).toBe(40);
    for (let n = 0; n < 40; n++) {
      expect(files.get(`${n}.dcm`)?.equals(Buffer.concat([Buffer.from(`head ${n}`), fileOf(n)]))).toBe(true);
    }
  });

  it('uses the zip64 end records past 65,535 files', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cm-deid-zip-'));
    const path = join(dir, 'many.zip');
    const zip = createDeidentifiedZip(path);
    for (let i = 0; i < 65_540; i++) await zip.add(`${i}.dcm`, new Uint8Array([i & 0xff]));
    await zip.finish();
    const opened = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
    expect(opened.entryCount).toBe(65_540);
    opened.close();
  });

  it('abort removes the partial file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cm-deid-zip-'));
    const path = join(dir, 'partial.zip');
    const zip = createDeidentifiedZip(path);
    await zip.add('a.dcm', new Uint8Array([1]));
    await zip.abort();
    await expect(readBack(path)).rejects.toThrow();
  });
});
