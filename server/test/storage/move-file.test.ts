import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalObjectStorage } from '../../src/storage/local/local-object-storage.ts';

/** A job's outputs are moved into local storage: published whole by a rename, the source gone. */
describe('LocalObjectStorage.moveFile', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const folder of made) await rm(folder, { recursive: true, force: true });
  });

  it('publishes the file under its key and removes the source', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cm-move-'));
    made.push(root);
    const storage = new LocalObjectStorage({ root: join(root, 'objects'), secret: randomBytes(32) });
    const source = join(root, 'volume.cmvol');
    const bytes = randomBytes(100_000);
    await writeFile(source, bytes);
    await storage.moveFile('cases/x/ingest/y/volume.cmvol', source);
    expect(existsSync(source)).toBe(false);
    expect(await storage.head('cases/x/ingest/y/volume.cmvol')).toEqual({ size: bytes.length });
    expect(await readFile(join(root, 'objects', 'cases/x/ingest/y/volume.cmvol'))).toEqual(bytes);
    await expect(storage.moveFile('../escape', join(root, 'missing'))).rejects.toThrow();
  });
});
