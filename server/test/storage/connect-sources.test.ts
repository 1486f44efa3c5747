import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { storageConnectSources } from '../../src/storage/connect-sources.ts';
import { createObjectStorage } from '../../src/storage/create-object-storage.ts';

const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'example-secret' };

describe('storageConnectSources', () => {
  it('adds nothing for the local driver, whose URLs are the API’s own', () => {
    expect(storageConnectSources(loadConfig({}))).toEqual([]);
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:18081' }, 'http://127.0.0.1:18081'],
    [{ S3_ENDPOINT: 'https://objects.example.org' }, 'https://objects.example.org'],
    [{ S3_ENDPOINT: 'https://objects.example.org', S3_FORCE_PATH_STYLE: 'false' }, 'https://scans.objects.example.org'],
    [{ S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }, 'https://scans.s3.eu-central-1.amazonaws.com'],
    [{ S3_REGION: 'eu-central-1' }, 'https://s3.eu-central-1.amazonaws.com'],
  ])('names the origin the presigned URLs point at (%o)', async (env, origin) => {
    const config = loadConfig({ STORAGE_URL: 's3://scans/cardiomap', ...keys, ...env });
    expect(storageConnectSources(config)).toEqual([origin]);
    const url = await createObjectStorage(config).signedPutUrl('a/b.zip', { expiresInSeconds: 60, maxBytes: 1 });
    expect(new URL(url).origin).toBe(origin);
    expect(new URL(url).pathname).toMatch(/\/cardiomap\/a\/b\.zip$/);
  });
});
