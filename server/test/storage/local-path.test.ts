import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalObjectStorage } from '../../src/storage/local/local-object-storage.ts';

/** An ingest job reads a local upload in place: the path must be the object's bytes, and nothing else. */
describe('LocalObjectStorage.localPath', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const folder of made) await rm(folder, { recursive: true, force: true });
  });

  it("gives the object's own file, refuses missing objects and unsafe keys", async () => {
    const root = await mkdtemp(join(tmpdir(), 'cm-local-path-'));
    made.push(root);
    const storage = new LocalObjectStorage({ root: join(root, 'objects'), secret: randomBytes(32) });
    const bytes = randomBytes(10_000);
    await storage.write('input-data/u/ct.zip', bytes);
    expect(await readFile(await storage.localPath('input-data/u/ct.zip'))).toEqual(bytes);
    await expect(storage.localPath('input-data/u/missing.zip')).rejects.toMatchObject({ code: 'not_found' });
    await expect(storage.localPath('../escape')).rejects.toThrow();
  });
});
