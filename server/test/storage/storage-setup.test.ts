import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createObjectStorage } from '../../src/storage/create-object-storage.ts';
import { parseByteRange } from '../../src/storage/local/byte-range.ts';
import { LocalObjectStorage } from '../../src/storage/local/local-object-storage.ts';
import { safeFileName } from '../../src/storage/object-key.ts';
import { S3ObjectStorage } from '../../src/storage/s3/s3-object-storage.ts';

const folders: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-storage-setup-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('storage settings', () => {
  it('defaults to the local driver under DATA_DIR/objects, with a 0600 key made once', async () => {
    const dataDir = scratch();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.s3).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
    });
    const storage = createObjectStorage(config);
    expect(storage).toBeInstanceOf(LocalObjectStorage);
    const keyFile = join(dataDir, 'storage.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // A second process on the same DATA_DIR signs alike, so URLs survive a restart or a worker.
    const again = createObjectStorage(loadConfig({ DATA_DIR: dataDir }));
    const url = await storage.signedGetUrl('a/b.zip', { expiresInSeconds: 60 });
    const url2 = await again.signedGetUrl('a/b.zip', { expiresInSeconds: 60 });
    expect(new URL(url, 'http://x').searchParams.get('sig')).toBe(new URL(url2, 'http://x').searchParams.get('sig'));
  });

  it('signs with STORAGE_SECRET when set, and makes absolute URLs under PUBLIC_URL', async () => {
    const dataDir = scratch();
    const storage = createObjectStorage(
      loadConfig({ DATA_DIR: dataDir, STORAGE_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://cardiomap.example.org/' }),
    );
    const url = await storage.signedPutUrl('input-data/1/a.zip', { expiresInSeconds: 60, maxBytes: 5 });
    expect(url.startsWith('https://cardiomap.example.org/api/storage/input-data/1/a.zip?')).toBe(true);
    expect(() => statSync(join(dataDir, 'storage.key'))).toThrow();
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      STORAGE_URL: 's3://cardiomap-objects/prod',
      S3_ENDPOINT: 'https://s3.example.org',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIA123',
      S3_SECRET_ACCESS_KEY: 'secret-value',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(config.s3).toEqual({
      endpoint: 'https://s3.example.org',
      region: 'eu-central-1',
      accessKeyId: 'AKIA123',
      secretAccessKey: 'secret-value',
      forcePathStyle: false,
    });
    expect(createObjectStorage(config)).toBeInstanceOf(S3ObjectStorage);
  });

  it('explains each bad storage value, never echoing a secret', () => {
    expect(problemsOf({ STORAGE_URL: 's3://Bad_Bucket' })[0]).toMatch(/^STORAGE_URL: must be s3:\/\/bucket/);
    expect(problemsOf({ S3_ENDPOINT: 'ftp://x' })[0]).toMatch(/^S3_ENDPOINT: must be a URL starting with http/);
    expect(problemsOf({ S3_FORCE_PATH_STYLE: 'yes' })[0]).toMatch(/^S3_FORCE_PATH_STYLE: must be true or false/);
    const short = problemsOf({ STORAGE_SECRET: 'too-short-secret' });
    expect(short[0]).toMatch(/^STORAGE_SECRET: must be at least 32 characters/);
    expect(short[0]).not.toContain('too-short-secret');
    const half = problemsOf({ S3_SECRET_ACCESS_KEY: 'only-the-secret' });
    expect(half[0]).toMatch(/^S3_ACCESS_KEY_ID: must be set too/);
    expect(half.join()).not.toContain('only-the-secret');
  });
});

describe('safeFileName', () => {
  it('keeps a readable name and drops what could move it elsewhere', () => {
    expect(safeFileName('CT Müller (2).zip')).toBe('CT Müller (2).zip');
    expect(safeFileName('C:\\Users\\me\\scan.zip')).toBe('scan.zip');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('.cm-tmp-1')).toBe('cm-tmp-1');
    expect(safeFileName('a\u0000b<script>.zip')).toBe('a_b_script_.zip');
  });
});

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-5', 100, { start: 95, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=9-0', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    [undefined, 100, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});
